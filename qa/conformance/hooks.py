"""Schemathesis hooks for `npm run conformance`, loaded through `hooks` in schemathesis.toml."""

import schemathesis

# POST /voice-clones sends its samples as multipart parts declared `audio/*`. Schemathesis ships no
# encoder for audio, so a generated sample that is not already bytes (a negative case, a value
# taken from a link) stopped the case with "Serialization not possible" instead of reaching the
# server. Such a part goes out as raw bytes, exactly as application/octet-stream does.
schemathesis.serializer.alias("audio/*", "application/octet-stream")
