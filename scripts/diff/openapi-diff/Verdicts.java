// OpenAPITools' openapi-diff over pairs of documents, in one JVM (its command-line jar is not served by
// the registry here; its core library is). Called by scripts/diff/openapi-diff-crosscheck.ts as
//   java -cp '<lib>/*' Verdicts.java <dir> <id>...
// and reads <dir>/<id>.base.json and <dir>/<id>.head.json. Prints one JSON line per id:
//   {"id":"…","state":"incompatible","kinds":["ChangedSchema"]}   state: openapi-diff's DiffResult
// (no_changes, metadata, compatible, unknown, incompatible); kinds: the kinds of change (class names)
// that openapi-diff itself judges at that state, each once; or {"id":"…","error":"…"} when it fails.
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.openapitools.openapidiff.core.OpenApiCompare;
import org.openapitools.openapidiff.core.model.Changed;
import org.openapitools.openapidiff.core.model.ChangedOpenApi;
import org.openapitools.openapidiff.core.model.ComposedChanged;
import org.openapitools.openapidiff.core.model.DiffResult;

public class Verdicts {
  public static void main(String[] args) {
    Path dir = Path.of(args[0]);
    for (int i = 1; i < args.length; i++) System.out.println(verdict(dir, args[i]));
  }

  static String verdict(Path dir, String id) {
    try {
      ChangedOpenApi result =
          OpenApiCompare.fromLocations(
              dir.resolve(id + ".base.json").toString(), dir.resolve(id + ".head.json").toString());
      DiffResult state = result.isChanged();
      Set<String> kinds = new LinkedHashSet<>();
      collect(result, state, kinds);
      List<String> quoted = new ArrayList<>();
      for (String k : kinds) quoted.add(json(k));
      return "{\"id\":" + json(id) + ",\"state\":" + json(state.getValue()) + ",\"kinds\":[" + String.join(",", quoted) + "]}";
    } catch (Exception | Error e) {
      return "{\"id\":" + json(id) + ",\"error\":" + json(String.valueOf(e.getMessage())) + "}";
    }
  }

  /** The kinds of change whose own result (not their children's) is the document's state. */
  static void collect(Changed changed, DiffResult state, Set<String> kinds) {
    if (state.isUnchanged()) return;
    DiffResult own = changed instanceof ComposedChanged c ? c.isCoreChanged() : changed.isChanged();
    if (own == state) kinds.add(kind(changed));
    if (changed instanceof ComposedChanged c)
      c.getChangedElements().stream().filter(Objects::nonNull).forEach(e -> collect(e, state, kinds));
  }

  /** A class name, or for the document itself, which endpoints it lost or gained. */
  static String kind(Changed changed) {
    if (!(changed instanceof ChangedOpenApi api)) return changed.getClass().getSimpleName();
    if (!api.getMissingEndpoints().isEmpty()) return "MissingEndpoints";
    if (!api.getNewEndpoints().isEmpty()) return "NewEndpoints";
    return "ChangedOpenApi";
  }

  static String json(String s) {
    StringBuilder out = new StringBuilder("\"");
    for (char ch : s.toCharArray()) {
      if (ch == '"' || ch == '\\') out.append('\\').append(ch);
      else if (ch < 0x20) out.append(String.format("\\u%04x", (int) ch));
      else out.append(ch);
    }
    return out.append('"').toString();
  }
}
