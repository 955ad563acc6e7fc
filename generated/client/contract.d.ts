export declare const servers: readonly [{
    readonly description: "Production";
    readonly url: "https://api.example.com/v2";
    readonly template: "https://{productionHost}/v2";
}, {
    readonly description: "Staging";
    readonly url: "https://staging.api.example.com/v2";
    readonly template: "https://{stagingHost}/v2";
}, {
    readonly description: "Local mock";
    readonly url: "http://127.0.0.1:4010/v2";
    readonly template: "http://127.0.0.1:{port}/v2";
}];
export declare const operations: {
    readonly getMe: {
        readonly method: "GET";
        readonly path: "/me";
        readonly tag: "Account";
        readonly credits: {
            readonly charges: false;
            readonly free: true;
        };
        readonly successStatus: "200";
    };
    readonly getCreditCosts: {
        readonly method: "GET";
        readonly path: "/credits/costs";
        readonly tag: "Account";
        readonly credits: {
            readonly charges: false;
            readonly free: true;
        };
        readonly successStatus: "200";
    };
    readonly listCreditHistory: {
        readonly method: "GET";
        readonly path: "/credits/history";
        readonly tag: "Account";
        readonly credits: {
            readonly charges: false;
            readonly free: true;
        };
        readonly successStatus: "200";
    };
    readonly getAutoTopup: {
        readonly method: "GET";
        readonly path: "/account/auto-topup";
        readonly tag: "Account";
        readonly credits: {
            readonly charges: false;
            readonly free: true;
        };
        readonly successStatus: "200";
    };
    readonly updateAutoTopup: {
        readonly method: "PUT";
        readonly path: "/account/auto-topup";
        readonly tag: "Account";
        readonly credits: {
            readonly charges: false;
            readonly free: true;
            readonly note: "Setting the preference is free; the top-ups it triggers are purchases made by the billing system, not by this call.";
        };
        readonly successStatus: "2XX";
    };
    readonly getFacelessOptions: {
        readonly method: "GET";
        readonly path: "/faceless/options";
        readonly tag: "Faceless";
        readonly credits: {
            readonly charges: false;
            readonly free: true;
        };
        readonly successStatus: "200";
    };
    readonly createFacelessVideo: {
        readonly method: "POST";
        readonly path: "/faceless";
        readonly tag: "Faceless";
        readonly credits: {
            readonly charges: false;
            readonly free: true;
            readonly note: "Drafts are free on the tool server; the tool server's create_video tool charges, and which REST call it wraps is not shown.";
        };
        readonly successStatus: "2XX";
    };
    readonly getFacelessVideo: {
        readonly method: "GET";
        readonly path: "/faceless/{faceless}";
        readonly tag: "Faceless";
        readonly credits: {
            readonly charges: false;
            readonly free: true;
        };
        readonly successStatus: "200";
    };
    readonly updateFacelessVideo: {
        readonly method: "PATCH";
        readonly path: "/faceless/{faceless}";
        readonly tag: "Faceless";
        readonly credits: {
            readonly charges: false;
            readonly free: true;
        };
        readonly successStatus: "2XX";
    };
    readonly generateFacelessScript: {
        readonly method: "PUT";
        readonly path: "/faceless/{faceless}/scripts";
        readonly tag: "Faceless";
        readonly credits: {
            readonly charges: true;
            readonly costKey: "CONTENT_PROMPT_REQUESTED";
        };
        readonly successStatus: "2XX";
    };
    readonly estimateFacelessRender: {
        readonly method: "GET";
        readonly path: "/faceless/{faceless}/estimate";
        readonly tag: "Faceless";
        readonly credits: {
            readonly charges: false;
            readonly free: true;
        };
        readonly successStatus: "200";
    };
    readonly renderFacelessVideo: {
        readonly method: "POST";
        readonly path: "/faceless/{faceless}/render";
        readonly tag: "Faceless";
        readonly credits: {
            readonly charges: true;
            readonly note: "The charge is reported in meta.credits; preconditions are validated before any charge.";
        };
        readonly successStatus: "202";
        readonly preconditions: readonly ["no_script", "no_voice", "unknown_voice", "genre_missing", "insufficient_credits", "no_scraped_assets", "busy"];
    };
    readonly retryFacelessRender: {
        readonly method: "POST";
        readonly path: "/faceless/{faceless}/retry";
        readonly tag: "Faceless";
        readonly credits: {
            readonly charges: true;
        };
        readonly successStatus: "2XX";
    };
    readonly exportFacelessVideo: {
        readonly method: "POST";
        readonly path: "/faceless/{faceless}/export";
        readonly tag: "Faceless";
        readonly credits: {
            readonly charges: true;
        };
        readonly successStatus: "2XX";
    };
    readonly scrapeFacelessImages: {
        readonly method: "POST";
        readonly path: "/faceless/{faceless}/scrape-images";
        readonly tag: "Faceless";
        readonly credits: {
            readonly charges: false;
            readonly free: true;
        };
        readonly successStatus: "2XX";
    };
    readonly scrapeFacelessScript: {
        readonly method: "POST";
        readonly path: "/faceless/{faceless}/scrape-script";
        readonly tag: "Faceless";
        readonly credits: {
            readonly charges: true;
            readonly costKey: "CONTENT_PROMPT_REQUESTED";
        };
        readonly successStatus: "2XX";
    };
    readonly createBRollVideo: {
        readonly method: "POST";
        readonly path: "/b-roll";
        readonly tag: "B-Roll";
        readonly credits: {
            readonly charges: false;
            readonly free: true;
        };
        readonly successStatus: "2XX";
    };
    readonly getBRollVideo: {
        readonly method: "GET";
        readonly path: "/b-roll/{id}";
        readonly tag: "B-Roll";
        readonly credits: {
            readonly charges: false;
            readonly free: true;
        };
        readonly successStatus: "200";
    };
    readonly updateBRollVideo: {
        readonly method: "PATCH";
        readonly path: "/b-roll/{id}";
        readonly tag: "B-Roll";
        readonly credits: {
            readonly charges: false;
            readonly free: true;
        };
        readonly successStatus: "2XX";
    };
    readonly generateBRollScript: {
        readonly method: "PUT";
        readonly path: "/b-roll/{faceless}/scripts";
        readonly tag: "B-Roll";
        readonly credits: {
            readonly charges: true;
            readonly costKey: "CONTENT_PROMPT_REQUESTED";
        };
        readonly successStatus: "2XX";
    };
    readonly estimateBRollRender: {
        readonly method: "GET";
        readonly path: "/b-roll/{faceless}/estimate";
        readonly tag: "B-Roll";
        readonly credits: {
            readonly charges: false;
            readonly free: true;
        };
        readonly successStatus: "200";
    };
    readonly renderBRollVideo: {
        readonly method: "POST";
        readonly path: "/b-roll/{faceless}/render";
        readonly tag: "B-Roll";
        readonly credits: {
            readonly charges: true;
            readonly note: "The charge is reported in meta.credits; preconditions are validated before any charge.";
        };
        readonly successStatus: "202";
        readonly preconditions: readonly ["no_script", "no_voice", "unknown_voice", "genre_missing", "insufficient_credits", "no_scraped_assets", "busy"];
    };
    readonly createAiVisualsVideo: {
        readonly method: "POST";
        readonly path: "/ai-visuals";
        readonly tag: "AI Visuals";
        readonly credits: {
            readonly charges: false;
            readonly free: true;
        };
        readonly successStatus: "2XX";
    };
    readonly getAiVisualsVideo: {
        readonly method: "GET";
        readonly path: "/ai-visuals/{id}";
        readonly tag: "AI Visuals";
        readonly credits: {
            readonly charges: false;
            readonly free: true;
        };
        readonly successStatus: "200";
    };
    readonly updateAiVisualsVideo: {
        readonly method: "PATCH";
        readonly path: "/ai-visuals/{id}";
        readonly tag: "AI Visuals";
        readonly credits: {
            readonly charges: false;
            readonly free: true;
        };
        readonly successStatus: "2XX";
    };
    readonly generateAiVisualsScript: {
        readonly method: "PUT";
        readonly path: "/ai-visuals/{faceless}/scripts";
        readonly tag: "AI Visuals";
        readonly credits: {
            readonly charges: true;
            readonly costKey: "CONTENT_PROMPT_REQUESTED";
        };
        readonly successStatus: "2XX";
    };
    readonly estimateAiVisualsRender: {
        readonly method: "GET";
        readonly path: "/ai-visuals/{faceless}/estimate";
        readonly tag: "AI Visuals";
        readonly credits: {
            readonly charges: false;
            readonly free: true;
        };
        readonly successStatus: "200";
    };
    readonly renderAiVisualsVideo: {
        readonly method: "POST";
        readonly path: "/ai-visuals/{faceless}/render";
        readonly tag: "AI Visuals";
        readonly credits: {
            readonly charges: true;
            readonly note: "The charge is reported in meta.credits; preconditions are validated before any charge.";
        };
        readonly successStatus: "202";
        readonly preconditions: readonly ["no_script", "no_voice", "unknown_voice", "genre_missing", "insufficient_credits", "no_scraped_assets", "busy"];
    };
    readonly createUrlToVideo: {
        readonly method: "POST";
        readonly path: "/url-to-video";
        readonly tag: "URL to Video";
        readonly credits: {
            readonly charges: false;
            readonly free: true;
        };
        readonly successStatus: "2XX";
    };
    readonly getUrlToVideo: {
        readonly method: "GET";
        readonly path: "/url-to-video/{id}";
        readonly tag: "URL to Video";
        readonly credits: {
            readonly charges: false;
            readonly free: true;
        };
        readonly successStatus: "200";
    };
    readonly updateUrlToVideo: {
        readonly method: "PATCH";
        readonly path: "/url-to-video/{id}";
        readonly tag: "URL to Video";
        readonly credits: {
            readonly charges: false;
            readonly free: true;
        };
        readonly successStatus: "2XX";
    };
    readonly generateUrlToVideoScript: {
        readonly method: "PUT";
        readonly path: "/url-to-video/{faceless}/scripts";
        readonly tag: "URL to Video";
        readonly credits: {
            readonly charges: true;
            readonly costKey: "CONTENT_PROMPT_REQUESTED";
        };
        readonly successStatus: "2XX";
    };
    readonly estimateUrlToVideoRender: {
        readonly method: "GET";
        readonly path: "/url-to-video/{faceless}/estimate";
        readonly tag: "URL to Video";
        readonly credits: {
            readonly charges: false;
            readonly free: true;
        };
        readonly successStatus: "200";
    };
    readonly renderUrlToVideo: {
        readonly method: "POST";
        readonly path: "/url-to-video/{faceless}/render";
        readonly tag: "URL to Video";
        readonly credits: {
            readonly charges: true;
            readonly note: "The charge is reported in meta.credits; preconditions are validated before any charge.";
        };
        readonly successStatus: "202";
        readonly preconditions: readonly ["no_script", "no_voice", "unknown_voice", "genre_missing", "insufficient_credits", "no_scraped_assets", "busy"];
    };
    readonly scrapeUrlToVideoImages: {
        readonly method: "POST";
        readonly path: "/url-to-video/{faceless}/scrape-images";
        readonly tag: "URL to Video";
        readonly credits: {
            readonly charges: false;
            readonly free: true;
        };
        readonly successStatus: "2XX";
    };
    readonly scrapeUrlToVideoScript: {
        readonly method: "POST";
        readonly path: "/url-to-video/{faceless}/scrape-script";
        readonly tag: "URL to Video";
        readonly credits: {
            readonly charges: true;
            readonly costKey: "CONTENT_PROMPT_REQUESTED";
        };
        readonly successStatus: "2XX";
    };
    readonly uploadAiVisualsAsset: {
        readonly method: "POST";
        readonly path: "/ai-visuals/{faceless}/assets/upload";
        readonly tag: "AI Visuals";
        readonly credits: {
            readonly charges: false;
        };
        readonly successStatus: "2XX";
    };
    readonly regenerateAiVisualsAsset: {
        readonly method: "POST";
        readonly path: "/ai-visuals/{faceless}/assets/{asset}/regenerate";
        readonly tag: "AI Visuals";
        readonly credits: {
            readonly charges: true;
            readonly note: "Charging per the tool server; the cost map lists image_regenerations with optional free uses.";
        };
        readonly successStatus: "2XX";
    };
    readonly listTextToVideoModels: {
        readonly method: "GET";
        readonly path: "/text-to-video/models";
        readonly tag: "Text to Video";
        readonly credits: {
            readonly charges: false;
            readonly free: true;
        };
        readonly successStatus: "200";
    };
    readonly estimateTextToVideo: {
        readonly method: "GET";
        readonly path: "/text-to-video/estimate";
        readonly tag: "Text to Video";
        readonly credits: {
            readonly charges: false;
            readonly free: true;
        };
        readonly successStatus: "200";
    };
    readonly createTextToVideo: {
        readonly method: "POST";
        readonly path: "/text-to-video";
        readonly tag: "Text to Video";
        readonly credits: {
            readonly charges: true;
            readonly refund: "A failed clip refunds its charge automatically.";
            readonly note: "Charged exactly as GET /text-to-video/estimate says.";
        };
        readonly successStatus: "202";
    };
    readonly getTextToVideo: {
        readonly method: "GET";
        readonly path: "/text-to-video/{id}";
        readonly tag: "Text to Video";
        readonly credits: {
            readonly charges: false;
            readonly free: true;
        };
        readonly successStatus: "200";
    };
    readonly estimateLaunchClip: {
        readonly method: "GET";
        readonly path: "/launch-clips/estimate";
        readonly tag: "Launch Clips";
        readonly credits: {
            readonly charges: false;
            readonly free: true;
        };
        readonly successStatus: "200";
    };
    readonly createLaunchClip: {
        readonly method: "POST";
        readonly path: "/launch-clips";
        readonly tag: "Launch Clips";
        readonly credits: {
            readonly charges: true;
            readonly cost: 5;
            readonly refund: "A failed launch clip refunds its 5 credits automatically.";
        };
        readonly successStatus: "201";
    };
    readonly getLaunchClip: {
        readonly method: "GET";
        readonly path: "/launch-clips/{id}";
        readonly tag: "Launch Clips";
        readonly credits: {
            readonly charges: false;
            readonly free: true;
        };
        readonly successStatus: "200";
    };
    readonly createStoryboard: {
        readonly method: "POST";
        readonly path: "/text-to-scene";
        readonly tag: "Text to Scene";
        readonly credits: {
            readonly charges: false;
            readonly free: true;
        };
        readonly successStatus: "2XX";
    };
    readonly getStoryboard: {
        readonly method: "GET";
        readonly path: "/text-to-scene/{id}";
        readonly tag: "Text to Scene";
        readonly credits: {
            readonly charges: false;
            readonly free: true;
        };
        readonly successStatus: "200";
    };
    readonly generateStoryboardFromPrompt: {
        readonly method: "POST";
        readonly path: "/text-to-scene/{storyboard}/prompt";
        readonly tag: "Text to Scene";
        readonly credits: {
            readonly charges: true;
            readonly note: "The REST source does not say this call charges; the tool server's generate_storyboard charges, so clients and conformance treat it as charging.";
        };
        readonly successStatus: "2XX";
    };
    readonly addStoryboardScene: {
        readonly method: "POST";
        readonly path: "/text-to-scene/{storyboard}/scenes";
        readonly tag: "Text to Scene";
        readonly credits: {
            readonly charges: false;
            readonly free: true;
        };
        readonly successStatus: "2XX";
    };
    readonly sortStoryboardScenes: {
        readonly method: "POST";
        readonly path: "/text-to-scene/{storyboard}/scenes/sort";
        readonly tag: "Text to Scene";
        readonly credits: {
            readonly charges: false;
            readonly free: true;
        };
        readonly successStatus: "2XX";
        readonly unconfirmed: "Unconfirmed (x-unspecified): The method and payload of scene sorting are not shown. This path or method is the contract's guess; the real API may differ.";
    };
    readonly setStoryboardSceneFrames: {
        readonly method: "POST";
        readonly path: "/text-to-scene/{storyboard}/scenes/{scene}/frames";
        readonly tag: "Text to Scene";
        readonly credits: {
            readonly charges: false;
            readonly free: true;
        };
        readonly successStatus: "2XX";
        readonly unconfirmed: "Unconfirmed (x-unspecified): The method, payload and response of scene frames are not shown. This path or method is the contract's guess; the real API may differ.";
    };
    readonly chainStoryboardScene: {
        readonly method: "POST";
        readonly path: "/text-to-scene/{storyboard}/scenes/{scene}/chain";
        readonly tag: "Text to Scene";
        readonly credits: {
            readonly charges: false;
            readonly free: true;
            readonly note: "Always free (chain_storyboard_scene on the tool server).";
        };
        readonly successStatus: "2XX";
        readonly unconfirmed: "Unconfirmed (x-unspecified): The method and payload of scene chaining are not shown. This path or method is the contract's guess; the real API may differ.";
    };
    readonly getStoryboardMoodboard: {
        readonly method: "GET";
        readonly path: "/text-to-scene/{storyboard}/moodboard";
        readonly tag: "Text to Scene";
        readonly credits: {
            readonly charges: false;
            readonly free: true;
        };
        readonly successStatus: "200";
        readonly unconfirmed: "Unconfirmed (x-unspecified): The moodboard endpoints' paths, methods and payloads are not shown. This path or method is the contract's guess; the real API may differ.";
    };
    readonly updateStoryboardMoodboard: {
        readonly method: "POST";
        readonly path: "/text-to-scene/{storyboard}/moodboard";
        readonly tag: "Text to Scene";
        readonly credits: {
            readonly charges: false;
            readonly free: true;
        };
        readonly successStatus: "2XX";
        readonly unconfirmed: "Unconfirmed (x-unspecified): The moodboard endpoints' paths, methods and payloads are not shown. This path or method is the contract's guess; the real API may differ.";
    };
    readonly generateStoryboardClips: {
        readonly method: "POST";
        readonly path: "/text-to-scene/{storyboard}/clips";
        readonly tag: "Text to Scene";
        readonly credits: {
            readonly charges: true;
        };
        readonly successStatus: "2XX";
    };
    readonly estimateStoryboard: {
        readonly method: "GET";
        readonly path: "/text-to-scene/{storyboard}/estimate";
        readonly tag: "Text to Scene";
        readonly credits: {
            readonly charges: false;
            readonly free: true;
        };
        readonly successStatus: "200";
    };
    readonly renderStoryboard: {
        readonly method: "POST";
        readonly path: "/text-to-scene/{storyboard}/render";
        readonly tag: "Text to Scene";
        readonly credits: {
            readonly charges: true;
        };
        readonly successStatus: "2XX";
    };
    readonly getVoiceCloneSlots: {
        readonly method: "GET";
        readonly path: "/voice-clones/slots";
        readonly tag: "Voice Clones";
        readonly credits: {
            readonly charges: false;
            readonly free: true;
        };
        readonly successStatus: "200";
    };
    readonly listVoiceClones: {
        readonly method: "GET";
        readonly path: "/voice-clones";
        readonly tag: "Voice Clones";
        readonly credits: {
            readonly charges: false;
            readonly free: true;
        };
        readonly successStatus: "200";
        readonly unconfirmed: "Unconfirmed (x-unspecified): The method and path of listing clones are not shown; listing exists. This path or method is the contract's guess; the real API may differ.";
    };
    readonly createVoiceClone: {
        readonly method: "POST";
        readonly path: "/voice-clones";
        readonly tag: "Voice Clones";
        readonly credits: {
            readonly charges: true;
            readonly note: "Charges only when purchase_addon is true and the slots are full, buying an extra slot for the `cost` shown by GET /voice-clones/slots. Marked charging so that it is never retried automatically (a retry could buy a second slot) and never called by conformance unless charges are allowed.";
        };
        readonly successStatus: "2XX";
    };
    readonly getVoiceClone: {
        readonly method: "GET";
        readonly path: "/voice-clones/{id}";
        readonly tag: "Voice Clones";
        readonly credits: {
            readonly charges: false;
            readonly free: true;
        };
        readonly successStatus: "200";
    };
    readonly updateVoiceClone: {
        readonly method: "PATCH";
        readonly path: "/voice-clones/{id}";
        readonly tag: "Voice Clones";
        readonly credits: {
            readonly charges: false;
        };
        readonly successStatus: "2XX";
        readonly unconfirmed: "Unconfirmed (x-unspecified): The method, path and payload of updating clones are not shown; updating exists. This path or method is the contract's guess; the real API may differ.";
    };
    readonly deleteVoiceClone: {
        readonly method: "DELETE";
        readonly path: "/voice-clones/{id}";
        readonly tag: "Voice Clones";
        readonly credits: {
            readonly charges: false;
        };
        readonly successStatus: "2XX";
        readonly unconfirmed: "Unconfirmed (x-unspecified): The method, path and response of deleting clones are not shown; deleting exists. This path or method is the contract's guess; the real API may differ.";
    };
    readonly discoverIdeas: {
        readonly method: "POST";
        readonly path: "/ideas/discover";
        readonly tag: "Ideas";
        readonly credits: {
            readonly charges: true;
            readonly cost: 15;
            readonly note: "Charged on any fruitful search, including cached re-searches. No idempotency key: never retry blindly; reconcile with GET /ideas first.";
        };
        readonly successStatus: "2XX";
    };
    readonly listIdeas: {
        readonly method: "GET";
        readonly path: "/ideas";
        readonly tag: "Ideas";
        readonly credits: {
            readonly charges: false;
            readonly free: true;
        };
        readonly successStatus: "200";
    };
    readonly listCharacterGenres: {
        readonly method: "GET";
        readonly path: "/characters/genres";
        readonly tag: "Characters";
        readonly credits: {
            readonly charges: false;
            readonly free: true;
        };
        readonly successStatus: "200";
    };
    readonly listCharacters: {
        readonly method: "GET";
        readonly path: "/characters";
        readonly tag: "Characters";
        readonly credits: {
            readonly charges: false;
            readonly free: true;
        };
        readonly successStatus: "200";
    };
    readonly createCharacter: {
        readonly method: "POST";
        readonly path: "/characters";
        readonly tag: "Characters";
        readonly credits: {
            readonly charges: false;
        };
        readonly successStatus: "2XX";
    };
    readonly getCharacter: {
        readonly method: "GET";
        readonly path: "/characters/{id}";
        readonly tag: "Characters";
        readonly credits: {
            readonly charges: false;
            readonly free: true;
        };
        readonly successStatus: "200";
    };
    readonly previewCharacter: {
        readonly method: "POST";
        readonly path: "/characters/{id}/preview";
        readonly tag: "Characters";
        readonly credits: {
            readonly charges: false;
        };
        readonly successStatus: "2XX";
    };
    readonly trainCharacter: {
        readonly method: "POST";
        readonly path: "/characters/{id}/train";
        readonly tag: "Characters";
        readonly credits: {
            readonly charges: true;
            readonly cost: 10;
        };
        readonly successStatus: "2XX";
    };
    readonly listPresets: {
        readonly method: "GET";
        readonly path: "/presets";
        readonly tag: "Presets";
        readonly credits: {
            readonly charges: false;
            readonly free: true;
        };
        readonly successStatus: "200";
        readonly unconfirmed: "Unconfirmed (x-unspecified): The paths and payloads of presets are not shown; listing exists. This path or method is the contract's guess; the real API may differ.";
    };
    readonly deletePreset: {
        readonly method: "DELETE";
        readonly path: "/presets/{id}";
        readonly tag: "Presets";
        readonly credits: {
            readonly charges: false;
        };
        readonly successStatus: "2XX";
        readonly unconfirmed: "Unconfirmed (x-unspecified): The paths and payloads of presets are not shown; deleting exists. This path or method is the contract's guess; the real API may differ.";
    };
};
export declare const stateMachines: {
    readonly AutoTopupPreference: {
        readonly resource: "Auto top-up preference";
        readonly statusLocation: "/data/enabled";
        readonly pollOperationIds: readonly ["getAutoTopup"];
        readonly states: readonly ["disabled", "enabled"];
        readonly stateValues: {
            readonly disabled: false;
            readonly enabled: true;
        };
        readonly initial: "disabled";
        readonly terminal: readonly [];
        readonly success: readonly [];
        readonly failure: readonly [];
        readonly transitions: readonly [{
            readonly from: "disabled";
            readonly to: "enabled";
            readonly trigger: "PUT with enabled true";
            readonly operationIds: readonly ["updateAutoTopup"];
            readonly condition: "type and its plan_id or units given; saved payment method exists";
        }, {
            readonly from: "enabled";
            readonly to: "disabled";
            readonly trigger: "PUT with enabled false";
            readonly operationIds: readonly ["updateAutoTopup"];
            readonly effects: "type, plan_id, units configuration is kept";
        }, {
            readonly from: "enabled";
            readonly to: "disabled";
            readonly trigger: "3 consecutive failed charges";
            readonly automatic: true;
            readonly outcome: "failure";
            readonly effects: "enabled flips to false automatically";
        }, {
            readonly from: "enabled";
            readonly to: "enabled";
            readonly trigger: "a failed charge";
            readonly automatic: true;
            readonly effects: "24-hour cooldown before next attempt";
        }];
        readonly statusPath: readonly ["data", "enabled"];
    };
    readonly FacelessVideoStatus: {
        readonly resource: "Faceless video";
        readonly statusLocation: "/data/video/status";
        readonly failureLocation: "/data/video/failure";
        readonly pollOperationIds: readonly ["getFacelessVideo", "getBRollVideo", "getAiVisualsVideo", "getUrlToVideo"];
        readonly pollIntervalSeconds: {
            readonly min: 5;
            readonly max: 10;
        };
        readonly states: readonly ["rendering", "completed", "failed"];
        readonly initial: "rendering";
        readonly terminal: readonly ["completed", "failed"];
        readonly success: readonly ["completed"];
        readonly failure: readonly ["failed"];
        readonly transitions: readonly [{
            readonly from: null;
            readonly to: "rendering";
            readonly trigger: "POST render";
            readonly operationIds: readonly ["renderFacelessVideo", "renderBRollVideo", "renderAiVisualsVideo", "renderUrlToVideo"];
            readonly condition: "a video that is not busy; all render preconditions pass";
            readonly effects: "credits charged; 202 returned; meta.credits reports the charge";
        }, {
            readonly from: "completed";
            readonly to: "rendering";
            readonly trigger: "POST render";
            readonly operationIds: readonly ["renderFacelessVideo", "renderBRollVideo", "renderAiVisualsVideo", "renderUrlToVideo"];
            readonly condition: "a video that is not busy; all render preconditions pass";
            readonly effects: "credits charged; 202 returned; meta.credits reports the charge";
        }, {
            readonly from: "failed";
            readonly to: "rendering";
            readonly trigger: "POST render";
            readonly operationIds: readonly ["renderFacelessVideo", "renderBRollVideo", "renderAiVisualsVideo", "renderUrlToVideo"];
            readonly condition: "a video that is not busy; all render preconditions pass";
            readonly effects: "credits charged; 202 returned; meta.credits reports the charge";
        }, {
            readonly from: "rendering";
            readonly to: "completed";
            readonly trigger: "render finishes";
            readonly automatic: true;
            readonly outcome: "success";
            readonly condition: "success";
            readonly effects: "video.url holds the file";
        }, {
            readonly from: "rendering";
            readonly to: "failed";
            readonly trigger: "render finishes";
            readonly automatic: true;
            readonly outcome: "failure";
            readonly condition: "error";
            readonly effects: "video.failure holds code and message";
        }, {
            readonly from: "failed";
            readonly to: null;
            readonly trigger: "POST retry";
            readonly operationIds: readonly ["retryFacelessRender"];
            readonly condition: "client fixed what it could";
            readonly effects: "retry charges credits";
            readonly "x-unspecified": "The state after a retry is not shown.";
        }];
        readonly statusPath: readonly ["data", "video", "status"];
        readonly failurePath: readonly ["data", "video", "failure"];
    };
    readonly TextToVideoAssetStatus: {
        readonly resource: "Text-to-video clip";
        readonly statusLocation: "/data/asset/status";
        readonly failureLocation: "/data/asset/failure";
        readonly pollOperationIds: readonly ["getTextToVideo"];
        readonly pollIntervalSeconds: {
            readonly min: 5;
            readonly max: 10;
        };
        readonly states: readonly ["draft", "processing", "success", "failed"];
        readonly initial: "draft";
        readonly terminal: readonly ["success", "failed"];
        readonly success: readonly ["success"];
        readonly failure: readonly ["failed"];
        readonly transitions: readonly [{
            readonly from: null;
            readonly to: "draft";
            readonly trigger: "POST /text-to-video";
            readonly operationIds: readonly ["createTextToVideo"];
            readonly condition: "accepted";
            readonly effects: "202 response carries draft; credits charged exactly as estimated";
        }, {
            readonly from: "draft";
            readonly to: "processing";
            readonly trigger: "provider starts";
            readonly automatic: true;
        }, {
            readonly from: "processing";
            readonly to: "success";
            readonly trigger: "provider finishes";
            readonly automatic: true;
            readonly outcome: "success";
            readonly condition: "success";
            readonly effects: "asset.url becomes non-null";
        }, {
            readonly from: "processing";
            readonly to: "failed";
            readonly trigger: "provider finishes";
            readonly automatic: true;
            readonly outcome: "failure";
            readonly condition: "error";
            readonly effects: "asset.failure set; charge refunded automatically";
            readonly refund: true;
        }];
        readonly statusPath: readonly ["data", "asset", "status"];
        readonly failurePath: readonly ["data", "asset", "failure"];
    };
    readonly LaunchClipStatus: {
        readonly resource: "Launch clip";
        readonly statusLocation: "/data/status";
        readonly failureLocation: "/data/error";
        readonly pollOperationIds: readonly ["getLaunchClip"];
        readonly pollIntervalSeconds: {
            readonly min: 5;
            readonly max: 10;
        };
        readonly states: readonly ["planning", "briefed", "rendering", "completed", "failed"];
        readonly initial: "planning";
        readonly terminal: readonly ["completed", "failed"];
        readonly success: readonly ["completed"];
        readonly failure: readonly ["failed"];
        readonly transitions: readonly [{
            readonly from: null;
            readonly to: "planning";
            readonly trigger: "POST /launch-clips";
            readonly operationIds: readonly ["createLaunchClip"];
            readonly condition: "accepted";
            readonly effects: "201; flat 5 credits charged";
        }, {
            readonly from: "planning";
            readonly to: "briefed";
            readonly trigger: "brief written";
            readonly automatic: true;
        }, {
            readonly from: "briefed";
            readonly to: "rendering";
            readonly trigger: "render starts";
            readonly automatic: true;
        }, {
            readonly from: "rendering";
            readonly to: "completed";
            readonly trigger: "render ends";
            readonly automatic: true;
            readonly outcome: "success";
            readonly condition: "success";
            readonly effects: "video.url set";
        }, {
            readonly from: "rendering";
            readonly to: "failed";
            readonly trigger: "render ends";
            readonly automatic: true;
            readonly outcome: "failure";
            readonly condition: "error";
            readonly effects: "error set; 5 credits refunded";
            readonly refund: true;
        }];
        readonly statusPath: readonly ["data", "status"];
        readonly failurePath: readonly ["data", "error"];
    };
    readonly StoryboardVideoStatus: {
        readonly resource: "Storyboard";
        readonly statusLocation: "/data/video/status";
        readonly pollOperationIds: readonly ["getStoryboard"];
        readonly pollIntervalSeconds: {
            readonly min: 5;
            readonly max: 10;
        };
        readonly states: readonly ["completed"];
        readonly initial: null;
        readonly terminal: readonly ["completed"];
        readonly success: readonly ["completed"];
        readonly failure: readonly [];
        readonly open: true;
        readonly transitions: readonly [{
            readonly from: null;
            readonly to: "completed";
            readonly trigger: "POST render, then the render finishes";
            readonly operationIds: readonly ["renderStoryboard"];
            readonly automatic: true;
            readonly outcome: "success";
            readonly effects: "the storyboard video is ready";
            readonly "x-unspecified": "Intermediate and failure states are not shown.";
        }];
        readonly statusPath: readonly ["data", "video", "status"];
    };
    readonly VoiceCloneStatus: {
        readonly resource: "Voice clone";
        readonly statusLocation: "/data/status";
        readonly pollOperationIds: readonly ["getVoiceClone"];
        readonly pollIntervalSeconds: {
            readonly min: 5;
            readonly max: 10;
        };
        readonly states: readonly ["completed"];
        readonly initial: null;
        readonly terminal: readonly ["completed"];
        readonly success: readonly ["completed"];
        readonly failure: readonly [];
        readonly open: true;
        readonly transitions: readonly [{
            readonly from: null;
            readonly to: "completed";
            readonly trigger: "POST /voice-clones, then the clone is processed";
            readonly operationIds: readonly ["createVoiceClone"];
            readonly automatic: true;
            readonly outcome: "success";
            readonly effects: "data.preview_url holds the sample preview; the clone appears among narration voices";
            readonly "x-unspecified": "Intermediate and failure states are not shown.";
        }];
        readonly statusPath: readonly ["data", "status"];
    };
    readonly CharacterStatus: {
        readonly resource: "Character";
        readonly statusLocation: "/data/status";
        readonly pollOperationIds: readonly ["getCharacter"];
        readonly pollIntervalSeconds: {
            readonly min: 5;
            readonly max: 10;
        };
        readonly states: readonly ["ready"];
        readonly initial: null;
        readonly terminal: readonly ["ready"];
        readonly success: readonly ["ready"];
        readonly failure: readonly [];
        readonly open: true;
        readonly transitions: readonly [{
            readonly from: null;
            readonly to: "ready";
            readonly trigger: "POST train with the chosen preview_id, then training finishes";
            readonly operationIds: readonly ["trainCharacter"];
            readonly automatic: true;
            readonly outcome: "success";
            readonly effects: "charges 10 credits";
            readonly "x-unspecified": "Intermediate and failure states are not shown.";
        }];
        readonly statusPath: readonly ["data", "status"];
    };
};
export declare const errorCatalogue: readonly [{
    readonly code: "GEN-UNAUTHORIZED";
    readonly status: 401;
    readonly meaning: "missing, invalid or revoked key";
}, {
    readonly code: "GEN-FORBIDDEN";
    readonly status: 403;
    readonly meaning: "authenticated but not allowed on this resource";
}, {
    readonly code: "GEN-NOT-FOUND";
    readonly status: 404;
    readonly meaning: "resource does not exist or is not yours";
}, {
    readonly code: "GEN-WRONG-ARGS";
    readonly status: 400;
    readonly meaning: "malformed arguments, e.g. include outside the allowlist";
}, {
    readonly code: "GEN-API-ERROR";
    readonly status: "5xx";
    readonly meaning: "unexpected server error";
}, {
    readonly code: "SUBSCRIPTION-REQUIRED";
    readonly status: 403;
    readonly meaning: "no active subscription";
}, {
    readonly code: "PAID-SUBSCRIPTION-REQUIRED";
    readonly status: 403;
    readonly meaning: "trial subscription";
}, {
    readonly code: "INSUFFICIENT-CREDITS";
    readonly status: 402;
    readonly meaning: "not enough credits";
}, {
    readonly code: "EMAIL-NOT-VERIFIED";
    readonly status: 403;
    readonly alsoStatus: 409;
    readonly meaning: "account email not verified";
}, {
    readonly code: "FEATURE-NOT-ALLOWED";
    readonly status: 403;
    readonly meaning: "feature not in plan";
}, {
    readonly code: "REACH-PLAN-LIMIT";
    readonly status: 403;
    readonly meaning: "a plan quota is exhausted";
}, {
    readonly code: "REACH-PLAN-STORAGE-LIMIT";
    readonly status: 403;
    readonly meaning: "a plan quota is exhausted";
}, {
    readonly code: "REACH-PLAN-PUBLISH-LIMIT";
    readonly status: 403;
    readonly meaning: "a plan quota is exhausted";
}];
/** The code an error answer without one in its body stands for: the catalogue's first code for its status ("5xx": 500-599). */
export declare const errorCodeByStatus: {
    readonly "400": "GEN-WRONG-ARGS";
    readonly "401": "GEN-UNAUTHORIZED";
    readonly "402": "INSUFFICIENT-CREDITS";
    readonly "403": "GEN-FORBIDDEN";
    readonly "404": "GEN-NOT-FOUND";
    readonly "5xx": "GEN-API-ERROR";
};
export declare const clientDefaults: {
    readonly pollIntervalMs: 5000;
    readonly discoverTimeoutMs: 150000;
};
/** The render preconditions by key (x-render-preconditions): what each refusal looks like. */
export declare const renderPreconditions: {
    readonly no_script: {
        readonly status: 403;
        readonly message: "A script is required before rendering.";
    };
    readonly no_voice: {
        readonly status: 403;
        readonly message: "Voice was not provided.";
    };
    readonly unknown_voice: {
        readonly status: 403;
        readonly message: "Voice not found.";
    };
    readonly genre_missing: {
        readonly status: 422;
        readonly message: "A genre is required for AI visuals and AI clips.";
        readonly field: "genre_id";
    };
    readonly insufficient_credits: {
        readonly status: 402;
        readonly code: "INSUFFICIENT-CREDITS";
        readonly fields: readonly ["required", "available"];
    };
    readonly no_scraped_assets: {
        readonly status: 422;
        readonly field: "assets";
    };
    readonly busy: {
        readonly status: 403;
        readonly message: "The video is processing currently. Please try again once finished";
    };
};
/** A render precondition's machine key: a union, so a UI can switch on it. */
export type PreconditionKey = keyof typeof renderPreconditions;
export type OperationId = keyof typeof operations;
export type StateMachineName = keyof typeof stateMachines;
/** A code of the contract's error catalogue (x-error-catalogue): a union, so a misspelled code does not compile. */
export type ErrorCode = (typeof errorCatalogue)[number]["code"];
