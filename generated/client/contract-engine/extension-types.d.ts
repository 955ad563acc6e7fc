interface components {
    schemas: {
        /**
         * XBadges
         * @description Redoc's badges beside an operation's title (a Redocly extension). Not written in openapi/: the docs build adds an "Unconfirmed" badge to its copy of the contract on every operation whose path or method is a guess (x-unspecified-scope: operation).
         */
        "x-badges": {
            name: string;
            color?: string;
            /** @enum {unknown} */
            position?: "before" | "after";
        }[];
        /**
         * XChangelog
         * @description The dated change log, newest first. An entry the last release (releases/) does not have is an unreleased change: `npm test` requires one for any behaviour change, and acknowledges a breaking change only through an entry with `breaking: true` whose `pointers` cover it.
         */
        "x-changelog": {
            date: string;
            changes: string[];
            /** @description The entry announces a breaking change; `pointers` name where. */
            breaking?: boolean;
            /** @description JSON pointers into the bundle (generated/openapi.json) the entry is about; a pointer covers every change at or below it (an operation's pointer covers the whole operation). */
            pointers?: string[];
        }[];
        /**
         * XCodeSamples
         * @description Redoc's code samples of an operation (a Redocly extension). Not written in openapi/: the docs build adds them to its copy of the contract.
         */
        "x-codeSamples": {
            lang: string;
            label?: string;
            source: string;
        }[];
        /**
         * XCredits
         * @description Whether a successful call of the operation consumes account credits, and what the source says about its price.
         */
        "x-credits": {
            /** @description true when a successful call consumes credits. */
            charges: boolean;
            /** @description Flat cost in credits, only where the source states one. */
            cost?: number;
            /** @description Symbolic cost where the source names one instead of a number. */
            costKey?: string;
            /** @description Refund rule where the source states one. */
            refund?: string;
            /** @description Anything else the source says about billing for this operation. */
            note?: string;
            /**
             * @description The source states that the call is free (the tool server's free functions: reads, estimates, drafts, scene edits, scene chaining; or the endpoint's own words). Only with charges false.
             * @constant
             */
            free?: true;
        };
        /**
         * XDataRefusals
         * @description On an operation: the refusals the source lets the deployment give to schema-valid input because of its own data (an id it does not have, a plan that is not active, an account without a saved payment method). No schema can state them, so such a refusal, in the error envelope with a status the operation documents, is a correct answer to valid input in every checker (conformance's Schemathesis phase and its flows, the validating proxy).
         */
        "x-data-refusals": {
            /** @description The HTTP status of the refusal; the operation documents it. */
            status: number;
            /** @description What the deployment's data does not allow, in the source's words. */
            condition: string;
            /** @description The request fields whose value the deployment checks against its data, where there are any. */
            fields?: string[];
        }[];
        /**
         * XDeprecationPolicy
         * @description The API's deprecation policy; the source does not show one, so only x-unspecified is allowed so far.
         */
        "x-deprecation-policy": {
            "x-unspecified": components["schemas"]["x-unspecified"];
        };
        /**
         * XErrorCatalogue
         * @description The source's error table: every machine-readable error.code, its HTTP status and meaning.
         */
        "x-error-catalogue": {
            code: string;
            /** @description HTTP status, or a class such as 5xx. */
            status: number | string;
            /** @description A second status the same code is returned with. */
            alsoStatus?: number;
            meaning: string;
        }[];
        /**
         * XEstimate
         * @description On an estimate operation: which charging operations it prices, whether the source calls the price exact, and where the figure stands in its answer. Conformance compares an exact estimate with the charge the priced call then makes for the same inputs (`meta.credits.cost`, the balance and the ledger).
         */
        "x-estimate": {
            /** @description The charging operations whose charge this estimate gives, for the same inputs. */
            operationIds: string[];
            /** @description true where the source says the charge equals the estimate; false where it calls the estimate an approximation (nothing to compare). */
            exact: boolean;
            /** @description JSON pointer to the estimated credits in the answer's body. Where the response shape is not shown this is the contract's guess: a checker that finds no number there says it cannot tell, never that the deployment is wrong. */
            figure?: string;
            /** @description Anything else the source says about the estimate. */
            note?: string;
        };
        /**
         * XEvents
         * @description How clients learn that asynchronous work ended.
         */
        "x-events": {
            /**
             * @description The only delivery the source shows.
             * @enum {unknown}
             */
            delivery: "polling";
            "x-unspecified"?: components["schemas"]["x-unspecified"];
        };
        /**
         * XInternal
         * @description Redocly's marker for parts left out of public bundles; false keeps the part public.
         */
        "x-internal": boolean;
        /**
         * XLimits
         * @description Every numeric limit the source states, in one place; each entry's title is how the reference docs name it. A limit the source does not state is not listed (x-unspecified says which are missing).
         */
        "x-limits": {
            /** credit history page size */
            creditHistoryPageSize?: {
                default: number;
                max: number;
            };
            /** text-to-video prompt (words) */
            textToVideoPromptWords?: {
                min: number;
                max: number;
            };
            /** launch clip (seconds, pixels, credits) */
            launchClip?: {
                seconds: number;
                width: number;
                height: number;
                credits: number;
            };
            /** idea discovery (credits, about how many seconds) */
            ideaDiscovery?: {
                credits: number;
                /** @description How long a discover call may take ("about 2 minutes"). */
                approxSeconds: number;
            };
            /** character preview (about how many seconds, previews per minute) */
            characterPreview?: {
                approxSeconds: number;
                perMinute: number;
            };
            /** character training (credits) */
            characterTrainCredits?: number;
            /** voice samples per clone */
            voiceSamples?: {
                min: number;
                max: number;
            };
            /** script duration values (seconds) */
            scriptDurationSeconds?: number[];
            /**
             * polling cadence (seconds)
             * @description How often a client polls a resource that is still working.
             */
            pollIntervalSeconds?: {
                min: number;
                max: number;
            };
            /** render duration floor (seconds) */
            renderDurationFloorSeconds?: number;
            /** tool server render billing minimum (seconds) */
            toolServerRenderBillingMinimumSeconds?: number;
            /** clip engine credits per second */
            clipEngineCreditsPerSecond?: {
                description: string;
            };
            /** auto top-up */
            autoTopup?: {
                maxSuccessfulPerUtcDay: number;
                cooldownHoursAfterFailure: number;
                disableAfterConsecutiveFailures: number;
                triggerBelowPercentOfMonthlyPlanCredits: number;
                maxUnits: number;
            };
            "x-unspecified"?: components["schemas"]["x-unspecified"];
        };
        /**
         * XOrder
         * @description On a list operation: the query parameter that orders the list and the order the source states when it is left out. Conformance checks that a list without the parameter equals the list with its default value, and that each value sorts the items the way it says.
         */
        "x-order": {
            /** @description The query parameter that chooses the order. */
            parameter: string;
            /** @description The value the source says applies when the parameter is left out. */
            default: string;
            /** @description JSON pointer, inside one item of `data`, to the value the items are ordered by, where the source names it. */
            by?: string;
            /** @description The direction each value of the parameter sorts the items by `by`. */
            values?: {
                [key: string]: "ascending" | "descending";
            };
        };
        /**
         * XPatternMessage
         * @description What a value of this schema's `pattern` must be, in words a person reads, continuing the field's name ("must be between 5 and 1500 words"). A 422 (the mock) and a refused request (the client's validate) show it instead of the regular expression.
         */
        "x-pattern-message": string;
        /**
         * XRateLimit
         * @description The API's default request rate limit.
         */
        "x-rate-limit": {
            requestsPerMinute: number;
            /** @description What the limit is counted per. */
            scope: string;
            description?: string;
        };
        /**
         * XRefusedUrls
         * @description On an operation that takes a URL: the pages the source says it refuses, as hosts. A host covers every subdomain of it, in any letter case, with or without a trailing dot, over http and https. Conformance sends each host in those spellings and expects the stated refusal; the mock refuses with the same list.
         */
        "x-refused-urls": {
            /** @description The request body field that carries the URL. */
            field: string;
            /** @description The status of the refusal; the operation documents it. */
            status: number;
            /** @description The source's words for what is refused. */
            reason: string;
            /** @description Registrable domains the refusal covers, lower case, without a scheme or subdomain. */
            hosts: string[];
        }[];
        /**
         * XRenderPreconditions
         * @description The source's render preconditions, written once (openapi/components/extensions/RenderPreconditions.yaml) and referenced by each render operation. The source gives no order of checks; the list order promises none.
         */
        "x-render-preconditions": {
            /** @description Machine name of the precondition (no_script, busy, ...): what code dispatches on, never the English text. */
            key: string;
            /** @description What fails, in the source's words. */
            condition: string;
            /** @description The HTTP status of the refusal. */
            status: number;
            /** @description Exact message text where the source gives one. */
            message?: string;
            /** @description The error.code where the source gives one. */
            code?: string;
            /** @description The field named in the 422 errors map. */
            field?: string;
            /** @description Body fields the refusal carries (e.g. required, available). */
            fields?: string[];
            /** @description The faceless types the condition applies to, where the source names them. */
            types?: string[];
        }[];
        /**
         * XStateMachine
         * @description The machine-readable form of one of the source's state tables, on the status schema it governs.
         */
        "x-state-machine": {
            /** @description Human name of the resource. */
            resource: string;
            /** @description JSON pointer to the status inside the body of the polling operation's 2xx response. */
            statusLocation: string;
            /** @description JSON pointer to the failure details (the source's failure field) inside the same body, where the source names one; read at a failure state. */
            failureLocation?: string;
            /** @description Operations that read the resource's current state. */
            pollOperationIds: string[];
            /** @description The source's polling cadence. */
            pollIntervalSeconds?: {
                min: number;
                max: number;
            };
            /** @description Every state the source names. */
            states: string[];
            /** @description Wire value per state, only when it is not the state name. */
            stateValues?: {
                [key: string]: string | boolean | number;
            };
            /** @description The state a newly accepted resource shows; null where the source does not show it. */
            initial: string | null;
            /** @description States after which nothing changes without a new client action. */
            terminal: string[];
            /** @description Terminal states that mean success. */
            success: string[];
            /** @description Terminal states that mean failure. */
            failure: string[];
            /** @description true when the source says other states exist but does not show them. */
            open?: boolean;
            transitions: {
                /** @description A state, or null for a resource not yet in the machine. */
                from: string | null;
                /** @description A state, or null where the source does not show it. */
                to: string | null;
                /** @description The source's words. */
                trigger: string;
                /** @description Operations that trigger it, when the trigger is an API call. */
                operationIds?: string[];
                /** @description true when the service moves the resource on its own. */
                automatic?: boolean;
                /**
                 * @description Which branch an automatic transition is.
                 * @enum {unknown}
                 */
                outcome?: "success" | "failure";
                condition?: string;
                effects?: string;
                /** @description true when the transition refunds the charge. */
                refund?: boolean;
                "x-unspecified"?: components["schemas"]["x-unspecified"];
            }[];
        };
        /**
         * XTagGroups
         * @description Redoc's navigation groups of tags (a Redocly extension).
         */
        "x-tagGroups": {
            name: string;
            tags: string[];
        }[];
        /**
         * XToolServer
         * @description The hosted tool server: tool counts, authentication, and which REST operations each named tool wraps.
         */
        "x-tool-server": {
            description?: string;
            /** @description The tool server's URL, or what the source leaves open about it. */
            url?: string | {
                "x-unspecified": components["schemas"]["x-unspecified"];
            };
            toolCount?: number;
            freeToolCount?: number;
            chargingToolCount?: number;
            auth?: ("oauth" | "bearer")[];
            /** @description The error.code every tool call on a trial account gets. */
            trialRejection?: string;
            renderBillingMinimumSeconds?: number;
            tools: {
                name: string;
                charges: boolean;
                /** @description REST operations the tool wraps. */
                operationIds: string[];
                resultField?: string;
                resultValues?: string[];
                "x-unspecified"?: components["schemas"]["x-unspecified"];
            }[];
            "x-unspecified"?: components["schemas"]["x-unspecified"];
        };
        /**
         * XUnspecified
         * @description What the source leaves open at this place ("not shown"). The place is modelled leniently; no output turns it into a rule.
         */
        "x-unspecified": string;
        /**
         * XUnspecifiedScope
         * @description On an operation that carries x-unspecified: which parts of the operation that gap is about. `operation`: the path or method itself is not shown (the operation is a guess); `request`: its parameters or body are partly not shown; `response`: its success body is partly not shown; `status`: its success status is not shown.
         */
        "x-unspecified-scope": ("operation" | "request" | "response" | "status")[];
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
/** `x-badges`: see openapi/extensions/x-badges.schema.json */
export type XBadges = components["schemas"]["x-badges"];
/** `x-changelog`: see openapi/extensions/x-changelog.schema.json */
export type XChangelog = components["schemas"]["x-changelog"];
/** `x-codeSamples`: see openapi/extensions/x-codeSamples.schema.json */
export type XCodeSamples = components["schemas"]["x-codeSamples"];
/** `x-credits`: see openapi/extensions/x-credits.schema.json */
export type XCredits = components["schemas"]["x-credits"];
/** `x-data-refusals`: see openapi/extensions/x-data-refusals.schema.json */
export type XDataRefusals = components["schemas"]["x-data-refusals"];
/** `x-deprecation-policy`: see openapi/extensions/x-deprecation-policy.schema.json */
export type XDeprecationPolicy = components["schemas"]["x-deprecation-policy"];
/** `x-error-catalogue`: see openapi/extensions/x-error-catalogue.schema.json */
export type XErrorCatalogue = components["schemas"]["x-error-catalogue"];
/** `x-estimate`: see openapi/extensions/x-estimate.schema.json */
export type XEstimate = components["schemas"]["x-estimate"];
/** `x-events`: see openapi/extensions/x-events.schema.json */
export type XEvents = components["schemas"]["x-events"];
/** `x-internal`: see openapi/extensions/x-internal.schema.json */
export type XInternal = components["schemas"]["x-internal"];
/** `x-limits`: see openapi/extensions/x-limits.schema.json */
export type XLimits = components["schemas"]["x-limits"];
/** `x-order`: see openapi/extensions/x-order.schema.json */
export type XOrder = components["schemas"]["x-order"];
/** `x-pattern-message`: see openapi/extensions/x-pattern-message.schema.json */
export type XPatternMessage = components["schemas"]["x-pattern-message"];
/** `x-rate-limit`: see openapi/extensions/x-rate-limit.schema.json */
export type XRateLimit = components["schemas"]["x-rate-limit"];
/** `x-refused-urls`: see openapi/extensions/x-refused-urls.schema.json */
export type XRefusedUrls = components["schemas"]["x-refused-urls"];
/** `x-render-preconditions`: see openapi/extensions/x-render-preconditions.schema.json */
export type XRenderPreconditions = components["schemas"]["x-render-preconditions"];
/** `x-state-machine`: see openapi/extensions/x-state-machine.schema.json */
export type XStateMachine = components["schemas"]["x-state-machine"];
/** `x-tagGroups`: see openapi/extensions/x-tagGroups.schema.json */
export type XTagGroups = components["schemas"]["x-tagGroups"];
/** `x-tool-server`: see openapi/extensions/x-tool-server.schema.json */
export type XToolServer = components["schemas"]["x-tool-server"];
/** `x-unspecified`: see openapi/extensions/x-unspecified.schema.json */
export type XUnspecified = components["schemas"]["x-unspecified"];
/** `x-unspecified-scope`: see openapi/extensions/x-unspecified-scope.schema.json */
export type XUnspecifiedScope = components["schemas"]["x-unspecified-scope"];
export {};
