// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): one memoised builder per schema. Do not edit.

import * as z from 'zod/mini';

/** Memoises `build`: the schema is built on the first call, and every later call returns that same instance. */
const lazy = <T>(build: () => T): (() => T) => {
    let schema: T | undefined;
    return () => (schema ??= build());
};

export const zSignInRequest = /* @__PURE__ */ lazy(() => z.object({
    email: z.email({ pattern: /^[a-zA-Z0-9.!#$%&'*+\/=?^_\`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/ }),
    password: z.string().check(z.minLength(1))
}));

export const zObjectId = /* @__PURE__ */ lazy(() => z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)));

export const zAuthUser = /* @__PURE__ */ lazy(() => z.object({
    _id: zObjectId(),
    email: z.string(),
    firstname: z.nullish(z.string()),
    lastname: z.nullish(z.string()),
    emailverified: z.optional(z.boolean()),
    password: z.optional(z.string())
}));

export const zSignInResponse = /* @__PURE__ */ lazy(() => z.object({
    success: z.boolean(),
    token: z.string().check(z.regex(/^JWT /)),
    user: zAuthUser(),
    role: z.optional(z.string())
}));

export const zErrorMessage = /* @__PURE__ */ lazy(() => z.object({
    success: z.optional(z.literal(false)),
    msg: z.string(),
    code: z.optional(z.int()),
    err: z.optional(z.unknown())
}));

export const zServerError = /* @__PURE__ */ lazy(() => z.object({
    err: z.union([
        z.string(),
        z.record(z.string(), z.unknown())
    ]),
    limit: z.optional(z.number())
}));

export const zValidationErrorItem = /* @__PURE__ */ lazy(() => z.object({
    value: z.optional(z.unknown()),
    msg: z.optional(z.string()),
    param: z.optional(z.string()),
    location: z.optional(z.string())
}));

export const zValidationErrors = /* @__PURE__ */ lazy(() => z.object({
    errors: z.array(z.union([zValidationErrorItem(), z.string()]))
}));

export const zStorableKey = /* @__PURE__ */ lazy(() => z.string().check(z.regex(/^(?:[^$.\x00][^.\x00]*)?$/)));

export const zStorableValue4 = /* @__PURE__ */ lazy(() => z.nullable(z.union([
    z.union([
        z.string(),
        z.number(),
        z.boolean()
    ]),
    z.array(z.nullable(z.union([
        z.string(),
        z.number(),
        z.boolean()
    ]))),
    z.record(zStorableKey(), z.nullable(z.union([
        z.string(),
        z.number(),
        z.boolean()
    ])))
])));

export const zStorableValue3 = /* @__PURE__ */ lazy(() => z.nullable(z.union([
    z.union([
        z.string(),
        z.number(),
        z.boolean()
    ]),
    z.array(zStorableValue4()),
    z.record(zStorableKey(), zStorableValue4())
])));

export const zStorableValue2 = /* @__PURE__ */ lazy(() => z.nullable(z.union([
    z.union([
        z.string(),
        z.number(),
        z.boolean()
    ]),
    z.array(zStorableValue3()),
    z.record(zStorableKey(), zStorableValue3())
])));

export const zStorableValue = /* @__PURE__ */ lazy(() => z.nullable(z.union([
    z.union([
        z.string(),
        z.number(),
        z.boolean()
    ]),
    z.array(zStorableValue2()),
    z.record(zStorableKey(), zStorableValue2())
])));

export const zStorableObject = /* @__PURE__ */ lazy(() => z.record(z.string(), zStorableValue()).check(z.superRefine((value, ctx) => {
    Object.keys(value).filter(key => !z.safeParse(zStorableKey(), key).success).forEach(key => {
        ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'Invalid key: a key the server stores must not start with "$" nor contain "." or a NUL character'
        });
    });
})));

export const zAnonymousSignInRequest = /* @__PURE__ */ lazy(() => z.object({
    id_project: zObjectId(),
    firstname: z.nullish(z.string()),
    lastname: z.nullish(z.string()),
    email: z.nullish(z.email({ pattern: /^[a-zA-Z0-9.!#$%&'*+\/=?^_\`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/ })),
    attributes: z.nullish(zStorableObject())
}));

export const zAttributes = /* @__PURE__ */ lazy(() => z.record(z.string(), z.unknown()));

export const zStoredAttributes = /* @__PURE__ */ lazy(() => z.nullable(z.union([
    zAttributes(),
    z.union([
        z.array(z.unknown()),
        z.string(),
        z.number(),
        z.boolean()
    ])
])));

export const zAnonymousUser = /* @__PURE__ */ lazy(() => z.object({
    _id: z.uuid(),
    id: z.uuid(),
    firstname: z.string(),
    lastname: z.nullish(z.string()),
    email: z.nullish(z.string()),
    attributes: z.nullish(zStoredAttributes()),
    fullName: z.string()
}));

export const zAnonymousSignInResponse = /* @__PURE__ */ lazy(() => z.object({
    success: z.boolean(),
    token: z.string().check(z.regex(/^JWT /)),
    user: zAnonymousUser()
}));

export const zTeammateRole = /* @__PURE__ */ lazy(() => z.enum([
    'guest',
    'user',
    'teammate',
    'agent',
    'supervisor',
    'admin',
    'owner'
]));

export const zCustomTokenUser = /* @__PURE__ */ lazy(() => z.looseObject({
    _id: z.optional(z.union([
        z.string(),
        z.number()
    ])),
    aud: z.optional(z.string()),
    sub: z.optional(z.string()),
    role: z._default(z.nullish(z.union([
        zTeammateRole(),
        z.string()
    ])), 'user'),
    firstname: z.nullish(z.string()),
    lastname: z.nullish(z.string()),
    email: z.nullish(z.string()),
    iat: z.optional(z.int()),
    iss: z.optional(z.string())
}));

export const zCustomTokenSignInResponse = /* @__PURE__ */ lazy(() => z.object({
    success: z.boolean(),
    token: z.string(),
    user: zCustomTokenUser()
}));

export const zContentStatus = /* @__PURE__ */ lazy(() => z.union([
    z.literal(-1),
    z.literal(100),
    z.literal(200),
    z.literal(300),
    z.literal(400)
]));

export const zContentType = /* @__PURE__ */ lazy(() => z.enum([
    'url',
    'text',
    'pdf',
    'docx',
    'faq'
]));

export const zContentInternalType = /* @__PURE__ */ lazy(() => z.enum([
    'sitemap',
    'txt',
    'regex_custom'
]));

export const zContentListQuery = /* @__PURE__ */ lazy(() => z.object({
    limit: z.optional(z.int()),
    sortField: z.unknown(),
    direction: z.optional(z.int()),
    status: z.optional(z.union([
        zContentStatus(),
        z.int()
    ])),
    page: z.nullish(z.int()),
    search: z.optional(z.unknown())
}));

export const zContentScrapeOptions = /* @__PURE__ */ lazy(() => z.object({
    tags_to_extract: z.optional(z.array(z.string())),
    unwanted_tags: z.optional(z.array(z.string())),
    unwanted_classnames: z.optional(z.array(z.string()))
}));

export const zTimestamp = /* @__PURE__ */ lazy(() => z.iso.datetime());

export const zContentLastError = /* @__PURE__ */ lazy(() => z.object({
    timestamp: z.optional(z.int()),
    message: z.optional(z.union([
        z.string(),
        z.record(z.string(), z.unknown())
    ]))
}));

export const zContent = /* @__PURE__ */ lazy(() => z.object({
    _id: zObjectId(),
    name: z.nullable(z.string()),
    id_project: zObjectId(),
    type: z.nullish(z.union([
        zContentType(),
        zContentInternalType(),
        z.string()
    ])),
    source: z.nullish(z.string()),
    content: z.nullish(z.string()),
    namespace: zObjectId(),
    status: z.union([
        zContentStatus(),
        z.int()
    ]),
    scrape_type: z.nullish(z.int()),
    scrape_options: z.nullish(z.union([
        zContentScrapeOptions(),
        z.record(z.string(), z.unknown()),
        z.union([
            z.array(z.unknown()),
            z.string(),
            z.number(),
            z.boolean()
        ])
    ])),
    refresh_rate: z.nullish(z.string()),
    last_refresh: z.optional(zTimestamp()),
    last_error: z.optional(zContentLastError()),
    tags: z.optional(z.array(z.unknown())),
    situated_context: z.optional(z.boolean()),
    sitemap_origin_id: z.nullish(zObjectId()),
    sitemap_origin: z.nullish(z.string()),
    chunk_regex: z.nullish(z.string()),
    createdAt: zTimestamp(),
    updatedAt: zTimestamp(),
    __v: z.optional(z.int())
}));

export const zContentList = /* @__PURE__ */ lazy(() => z.object({
    count: z.int(),
    query: zContentListQuery(),
    kbs: z.array(zContent())
}));

export const zErrorDescription = /* @__PURE__ */ lazy(() => z.object({
    success: z.optional(z.literal(false)),
    error: z.union([
        z.string(),
        z.record(z.string(), z.unknown())
    ]),
    plan_limit: z.optional(z.number())
}));

export const zErrorWithMessage = /* @__PURE__ */ lazy(() => z.object({
    success: z.optional(z.literal(false)),
    message: z.string()
}));

export const zErrorBody = /* @__PURE__ */ lazy(() => z.union([
    zErrorMessage(),
    zErrorDescription(),
    zValidationErrors(),
    zServerError(),
    zErrorWithMessage()
]));

export const zContentCreateRequest = /* @__PURE__ */ lazy(() => z.object({
    name: z.string().check(z.minLength(1)),
    type: zContentType(),
    source: z.nullish(z.string()),
    content: z.nullish(z.string()),
    namespace: zObjectId(),
    tags: z.nullish(z.array(z.string())),
    refresh_rate: z._default(z.nullish(z.string()), 'never'),
    scrape_type: z.nullish(z.int()),
    scrape_options: z.nullish(z.intersection(zContentScrapeOptions(), zStorableObject())),
    situated_context: z.nullish(z.boolean()),
    chunk_regex: z.nullish(z.string())
}));

export const zContentUpsertResult = /* @__PURE__ */ lazy(() => z.object({
    lastErrorObject: z.object({
        n: z.int(),
        updatedExisting: z.boolean(),
        upserted: z.optional(zObjectId())
    }),
    value: zContent()
}));

export const zKnowledgeBaseEngineError = /* @__PURE__ */ lazy(() => z.intersection(z.unknown(), z.object({
    success: z.literal(false),
    statusText: z.optional(z.string()),
    message: z.optional(z.string()),
    error: z.optional(z.unknown())
})));

export const zContentUrlListRequest = /* @__PURE__ */ lazy(() => z.object({
    list: z.array(z.url()).check(z.minLength(1), z.maxLength(300)),
    refresh_rate: z._default(z.optional(z.string()), 'never'),
    scrape_type: z._default(z.optional(z.int()), 2),
    scrape_options: z.nullish(z.intersection(zContentScrapeOptions(), zStorableObject())),
    tags: z.nullish(z.array(z.string()))
}));

export const zSitemapRequest = /* @__PURE__ */ lazy(() => z.object({
    sitemap: z.url()
}));

export const zSitemapError = /* @__PURE__ */ lazy(() => z.object({
    type: z.optional(z.unknown()),
    url: z.optional(z.unknown()),
    retries: z.optional(z.int()),
    message: z.optional(z.string())
}));

export const zSitemapResult = /* @__PURE__ */ lazy(() => z.object({
    url: z.optional(z.unknown()),
    sites: z.array(z.nullable(z.union([
        z.string(),
        z.number(),
        z.boolean()
    ]))),
    errors: z.array(zSitemapError())
}));

export const zKnowledgeBasePreviewSettings = /* @__PURE__ */ lazy(() => z.object({
    model: z._default(z.optional(z.string()), 'gpt-4o'),
    max_tokens: z._default(z.optional(z.int()), 256),
    temperature: z._default(z.optional(z.number()), 0.7),
    top_k: z._default(z.optional(z.int()), 4),
    context: z._default(z.nullish(z.string()), null),
    alpha: z._default(z.optional(z.number()), 0.5)
}));

export const zKnowledgeBaseEngine = /* @__PURE__ */ lazy(() => z.object({
    name: z.string(),
    type: z.string(),
    apikey: z.optional(z.string()),
    vector_size: z.int(),
    index_name: z.string(),
    host: z.optional(z.string()),
    port: z.optional(z.union([
        z.string(),
        z.int()
    ])),
    deployment: z.optional(z.string())
}));

export const zKnowledgeBaseEmbedding = /* @__PURE__ */ lazy(() => z.object({
    provider: z.string(),
    name: z.string(),
    api_key: z.optional(z.string()),
    dimension: z.optional(z.int()),
    url: z.optional(z.string())
}));

export const zKnowledgeBase = /* @__PURE__ */ lazy(() => z.object({
    id: zObjectId(),
    name: z.string(),
    id_project: zObjectId(),
    preview_settings: z.nullish(z.union([
        zKnowledgeBasePreviewSettings(),
        z.record(z.string(), z.unknown()),
        z.union([
            z.array(z.unknown()),
            z.string(),
            z.number(),
            z.boolean()
        ])
    ])),
    default: z.boolean(),
    hybrid: z.optional(z.boolean()),
    engine: z.optional(zKnowledgeBaseEngine()),
    embedding: z.optional(zKnowledgeBaseEmbedding()),
    count: z.optional(z.int()),
    createdAt: zTimestamp(),
    updatedAt: zTimestamp()
}));

export const zKnowledgeBaseCreateRequest = /* @__PURE__ */ lazy(() => z.object({
    name: z.string().check(z.minLength(1)),
    hybrid: z._default(z.optional(z.boolean()), false)
}));

export const zKnowledgeBaseUpdateRequest = /* @__PURE__ */ lazy(() => z.object({
    name: z.nullish(z.string().check(z.minLength(1))),
    preview_settings: z.nullish(z.intersection(z.intersection(zKnowledgeBasePreviewSettings(), zStorableObject()), z.object({
        max_tokens: z.optional(z.int().check(z.gte(1))),
        temperature: z.optional(z.number().check(z.gte(0))),
        top_k: z.optional(z.int().check(z.gte(1))),
        alpha: z.optional(z.number().check(z.gte(0), z.lte(1)))
    })))
}));

export const zKnowledgeBaseUpserted = /* @__PURE__ */ lazy(() => z.object({
    id: z.string(),
    name: z.optional(z.string()),
    preview_settings: z.nullish(z.union([
        zKnowledgeBasePreviewSettings(),
        z.record(z.string(), z.unknown()),
        z.union([
            z.array(z.unknown()),
            z.string(),
            z.number(),
            z.boolean()
        ])
    ])),
    default: z.boolean(),
    hybrid: z.optional(z.boolean()),
    createdAt: zTimestamp(),
    updatedAt: zTimestamp(),
    id_project: z.optional(z.never()),
    engine: z.optional(z.never()),
    embedding: z.optional(z.never())
}));

export const zSuccessMessage = /* @__PURE__ */ lazy(() => z.object({
    success: z.literal(true),
    message: z.string()
}));

export const zTeammateStatus = /* @__PURE__ */ lazy(() => z.enum(['active', 'disabled']));

export const zUser = /* @__PURE__ */ lazy(() => z.object({
    _id: zObjectId(),
    email: z.optional(z.string()),
    firstname: z.nullish(z.string()),
    lastname: z.nullish(z.string()),
    emailverified: z.optional(z.boolean()),
    status: z.optional(z.int()),
    createdAt: z.optional(zTimestamp()),
    updatedAt: z.optional(zTimestamp()),
    __v: z.optional(z.int())
}));

export const zTeammateTag = /* @__PURE__ */ lazy(() => z.object({
    _id: zObjectId(),
    tag: z.string(),
    color: z.optional(z.string()),
    attributes: z.optional(zStoredAttributes())
}));

export const zTeammateSettings = /* @__PURE__ */ lazy(() => z.looseObject({
    email: z.optional(z.looseObject({
        notification: z.optional(z.looseObject({
            conversation: z.optional(z.looseObject({
                assigned: z.optional(z.looseObject({
                    toyou: z.optional(z.boolean())
                })),
                pooled: z.optional(z.boolean())
            }))
        }))
    }))
}));

export const zTeammatePresence = /* @__PURE__ */ lazy(() => z.object({
    status: z.union([
        z.enum(['online', 'offline']),
        z.string()
    ]),
    changedAt: z.optional(zTimestamp())
}));

export const zTeammate = /* @__PURE__ */ lazy(() => z.object({
    _id: zObjectId(),
    id: zObjectId(),
    id_project: zObjectId(),
    id_user: z.nullish(z.union([
        zUser(),
        zObjectId()
    ])),
    uuid_user: z.optional(z.string()),
    role: z.optional(z.union([
        zTeammateRole(),
        z.string()
    ])),
    roleType: z.optional(z.union([z.literal(1), z.literal(2)])),
    user_available: z.boolean(),
    max_served_chat: z.optional(z.number()),
    max_assigned_chat: z.optional(z.number()),
    number_assigned_requests: z.nullable(z.number()),
    status: zTeammateStatus(),
    isBusy: z.optional(z.boolean()),
    profileStatus: z.optional(z.string()),
    attributes: z.optional(zStoredAttributes()),
    tags: z.array(zTeammateTag()),
    settings: z.optional(zTeammateSettings()),
    presence: z.optional(zTeammatePresence()),
    isAuthenticated: z.boolean(),
    last_ip: z.optional(z.string()),
    last_login_at: zTimestamp(),
    permissions: z.optional(z.array(z.string())),
    createdBy: z.string(),
    createdAt: zTimestamp(),
    updatedAt: zTimestamp(),
    trashed: z.optional(z.boolean()),
    __v: z.int()
}));

export const zTeammateTagInput = /* @__PURE__ */ lazy(() => z.object({
    _id: z.optional(zObjectId()),
    tag: z.string().check(z.minLength(1)),
    color: z.optional(z.string()),
    attributes: z.optional(zStorableObject())
}));

export const zTeammateUpdateRequest = /* @__PURE__ */ lazy(() => z.object({
    role: z.nullish(z.union([
        z.enum(['admin', 'agent']),
        z.string().check(z.minLength(1))
    ])),
    user_available: z._default(z.nullish(z.boolean()), true),
    max_served_chat: z.nullish(z.int().check(z.gte(-1))),
    max_assigned_chat: z.nullish(z.int().check(z.gte(-1))),
    profileStatus: z.nullish(z.string()),
    number_assigned_requests: z.nullish(z.int().check(z.gte(0))),
    attributes: z.nullish(zStorableObject()),
    settings: z.nullish(zTeammateSettings()),
    'settings.email.notification.conversation.assigned.toyou': z.nullish(z.boolean()),
    'settings.email.notification.conversation.pooled': z.nullish(z.boolean()),
    tags: z.nullish(z.array(zTeammateTagInput()))
}));

export const zTeammateAdminUpdateRequest = /* @__PURE__ */ lazy(() => z.intersection(zTeammateUpdateRequest(), z.object({
    status: z.nullish(zTeammateStatus())
})));

export const zTeammateUpserted = /* @__PURE__ */ lazy(() => z.object({
    _id: zObjectId(),
    id: zObjectId(),
    id_project: z.optional(zObjectId()),
    id_user: z.nullish(z.union([
        zUser(),
        zObjectId()
    ])),
    uuid_user: z.optional(z.string()),
    role: z.optional(z.union([
        zTeammateRole(),
        z.string()
    ])),
    roleType: z.optional(z.union([z.literal(1), z.literal(2)])),
    user_available: z.boolean(),
    max_served_chat: z.optional(z.number()),
    max_assigned_chat: z.optional(z.number()),
    number_assigned_requests: z.nullable(z.number()),
    status: zTeammateStatus(),
    isBusy: z.optional(z.boolean()),
    profileStatus: z.optional(z.string()),
    attributes: z.optional(zStoredAttributes()),
    tags: z.array(zTeammateTag()),
    settings: z.optional(zTeammateSettings()),
    presence: z.optional(zTeammatePresence()),
    isAuthenticated: z.boolean(),
    last_ip: z.optional(z.string()),
    last_login_at: zTimestamp(),
    permissions: z.optional(z.array(z.string())),
    createdBy: z.optional(z.string()),
    createdAt: zTimestamp(),
    updatedAt: zTimestamp(),
    trashed: z.optional(z.boolean()),
    __v: z.int()
}));

export const zTeammateInviteRequest = /* @__PURE__ */ lazy(() => z.object({
    email: z.email({ pattern: /^[a-zA-Z0-9.!#$%&'*+\/=?^_\`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/ }),
    role: z.optional(z.union([
        z.enum(['agent', 'admin']),
        z.string().check(z.minLength(1))
    ])),
    firstname: z.nullish(z.string()),
    lastname: z.nullish(z.string()),
    user_available: z._default(z.nullish(z.boolean()), true)
}));

export const zTeammatePendingInvitation = /* @__PURE__ */ lazy(() => z.object({
    msg: z.string(),
    pendingInvitation: z.object({
        _id: zObjectId(),
        email: z.string(),
        id_project: zObjectId(),
        role: z.string(),
        createdBy: z.string(),
        createdAt: zTimestamp(),
        updatedAt: zTimestamp(),
        __v: z.int()
    })
}));

export const zTeammateInviteNotSaved = /* @__PURE__ */ lazy(() => z.object({
    success: z.literal(false),
    msg: z.string(),
    code: z.optional(z.int()),
    pendinginvitation: z.optional(z.array(z.object({
        _id: zObjectId(),
        email: z.string(),
        id_project: zObjectId(),
        role: z.string(),
        createdBy: z.string(),
        createdAt: zTimestamp(),
        updatedAt: zTimestamp(),
        __v: z.int()
    }))),
    err: z.optional(z.unknown())
}));

export const zGroup = /* @__PURE__ */ lazy(() => z.object({
    _id: zObjectId(),
    id: z.optional(zObjectId()),
    name: z.string(),
    members: z.nullable(z.array(z.unknown())),
    trashed: z.boolean(),
    enabled: z.optional(z.boolean()),
    attributes: z.optional(zStoredAttributes()),
    id_project: zObjectId(),
    createdBy: z.string(),
    createdAt: zTimestamp(),
    updatedAt: zTimestamp(),
    __v: z.int()
}));

export const zGroupCreateRequest = /* @__PURE__ */ lazy(() => z.object({
    name: z.string().check(z.minLength(1)),
    members: z.optional(z.array(z.string()))
}));

export const zGroupUpserted = /* @__PURE__ */ lazy(() => z.object({
    _id: zObjectId(),
    id: z.optional(zObjectId()),
    name: z.optional(z.string()),
    members: z.nullable(z.array(z.unknown())),
    trashed: z.optional(z.boolean()),
    enabled: z.optional(z.boolean()),
    attributes: z.optional(zStoredAttributes()),
    id_project: z.optional(zObjectId()),
    createdBy: z.optional(z.string()),
    createdAt: zTimestamp(),
    updatedAt: zTimestamp(),
    __v: z.int()
}));

export const zGroupUpdateRequest = /* @__PURE__ */ lazy(() => z.object({
    name: z.nullish(z.string().check(z.minLength(1))),
    members: z.nullish(z.array(z.string())),
    trashed: z.nullish(z.boolean()),
    attributes: z.nullish(zStorableObject())
}));

export const zSegmentMatch = /* @__PURE__ */ lazy(() => z.enum(['all', 'any']));

export const zSegmentFilter = /* @__PURE__ */ lazy(() => z.object({
    field: z.nullish(z.string()),
    operator: z.nullish(z.string()),
    value: z.optional(z.unknown())
}));

export const zSegment = /* @__PURE__ */ lazy(() => z.object({
    _id: zObjectId(),
    id: z.optional(zObjectId()),
    name: z.string(),
    match: z.union([
        zSegmentMatch(),
        z.string()
    ]),
    filters: z.nullable(z.array(z.union([zSegmentFilter(), z.nullable(z.union([
            z.boolean(),
            z.number(),
            z.string()
        ]))]))),
    status: z.union([z.literal(100), z.literal(0)]),
    id_project: zObjectId(),
    createdBy: z.string(),
    createdAt: zTimestamp(),
    updatedAt: zTimestamp(),
    __v: z.int()
}));

export const zSegmentList = /* @__PURE__ */ lazy(() => z.object({
    perPage: z.nullable(z.int()),
    count: z.int(),
    segments: z.array(zSegment())
}));

export const zSegmentFilterInput = /* @__PURE__ */ lazy(() => z.object({
    field: z.string().check(z.minLength(1)),
    operator: z.enum([
        '=',
        '!=',
        '>',
        '>=',
        'starts with',
        'contains',
        'is null',
        'is not null'
    ]),
    value: z.union([
        z.union([
            z.string(),
            z.number(),
            z.boolean()
        ]),
        z.array(zStorableValue()),
        zStorableObject()
    ])
}));

export const zSegmentInput = /* @__PURE__ */ lazy(() => z.object({
    name: z.string().check(z.minLength(1)),
    match: z._default(z.optional(zSegmentMatch()), 'all'),
    filters: z.optional(z.array(zSegmentFilterInput()))
}));

export const zSegmentUpserted = /* @__PURE__ */ lazy(() => z.object({
    _id: zObjectId(),
    id: z.optional(zObjectId()),
    name: z.optional(z.string()),
    match: z.union([
        zSegmentMatch(),
        z.string()
    ]),
    filters: z.nullable(z.array(z.union([zSegmentFilter(), z.nullable(z.union([
            z.boolean(),
            z.number(),
            z.string()
        ]))]))),
    status: z.union([z.literal(100), z.literal(0)]),
    id_project: z.optional(zObjectId()),
    createdBy: z.optional(z.string()),
    createdAt: zTimestamp(),
    updatedAt: zTimestamp(),
    __v: z.int()
}));

export const zSegmentUpdateInput = /* @__PURE__ */ lazy(() => z.object({
    name: z.nullish(z.string().check(z.minLength(1))),
    match: z.nullish(zSegmentMatch()),
    filters: z.nullish(z.array(zSegmentFilterInput()))
}));

export const zTag = /* @__PURE__ */ lazy(() => z.object({
    _id: zObjectId(),
    id: z.optional(zObjectId()),
    tag: z.nullable(z.string()),
    color: z.nullish(z.string()),
    attributes: z.optional(zStoredAttributes()),
    id_project: zObjectId(),
    createdBy: z.string(),
    createdAt: zTimestamp(),
    updatedAt: zTimestamp(),
    __v: z.int()
}));

export const zTagInput = /* @__PURE__ */ lazy(() => z.object({
    tag: z.string().check(z.minLength(1)),
    color: z.nullish(z.string()),
    attributes: z.optional(zAttributes())
}));

export const zTagUpserted = /* @__PURE__ */ lazy(() => z.object({
    _id: zObjectId(),
    id: z.optional(zObjectId()),
    tag: z.nullable(z.string()),
    color: z.nullish(z.string()),
    attributes: z.optional(zStoredAttributes()),
    id_project: z.optional(zObjectId()),
    createdBy: z.optional(z.string()),
    createdAt: zTimestamp(),
    updatedAt: zTimestamp(),
    __v: z.int()
}));

export const zDeleteResult = /* @__PURE__ */ lazy(() => z.object({
    n: z.int(),
    ok: z.number(),
    deletedCount: z.int(),
    acknowledged: z.optional(z.boolean())
}));

export const zLabelData = /* @__PURE__ */ lazy(() => z.record(z.string(), z.unknown()));

export const zLabelEntry = /* @__PURE__ */ lazy(() => z.object({
    _id: z.optional(zObjectId()),
    lang: z.string().check(z.minLength(1)),
    data: z.optional(z.union([
        zLabelData(),
        z.union([
            z.array(z.unknown()),
            z.string(),
            z.number(),
            z.boolean()
        ])
    ])),
    category: z.optional(z.string()),
    default: z.optional(z.boolean())
}));

export const zLabelDocument = /* @__PURE__ */ lazy(() => z.object({
    _id: zObjectId(),
    id: z.optional(zObjectId()),
    data: z.union([
        z.array(z.intersection(zLabelEntry(), z.object({
            _id: zObjectId(),
            default: z.boolean()
        }))),
        zLabelEntry()
    ]),
    attributes: z.optional(zStoredAttributes()),
    id_project: zObjectId(),
    createdBy: z.string(),
    createdAt: zTimestamp(),
    updatedAt: zTimestamp(),
    __v: z.int()
}));

export const zNoLabelDocument = /* @__PURE__ */ lazy(() => z.record(z.string(), z.never()));

export const zLabelDataInput = /* @__PURE__ */ lazy(() => z.record(zStorableKey(), z.union([
    z.string(),
    z.array(z.string())
])).check(z.refine(value => Object.keys(value).length >= 1, { message: 'Too small: expected object to have >=1 properties' })));

export const zLabelUpsertRequest = /* @__PURE__ */ lazy(() => z.object({
    lang: z.string().check(z.minLength(1)),
    data: zLabelDataInput(),
    default: z.optional(z.boolean()),
    category: z.optional(z.string())
}));

export const zLabelTranslation = /* @__PURE__ */ lazy(() => z.object({
    lang: z.string(),
    data: zLabelData()
}));

export const zLabelWriteResult = /* @__PURE__ */ lazy(() => z.union([
    zLabelEntry(),
    z.array(zLabelTranslation())
]));

export const zLabelCloneRequest = /* @__PURE__ */ lazy(() => z.object({
    lang: z.string().check(z.minLength(1))
}));

export const zLead = /* @__PURE__ */ lazy(() => z.object({
    _id: zObjectId(),
    id: z.optional(zObjectId()),
    lead_id: z.string(),
    fullname: z.nullish(z.string()),
    email: z.nullish(z.string()),
    phone: z.nullish(z.string()),
    company: z.optional(z.string()),
    note: z.optional(z.string()),
    streetAddress: z.optional(z.string()),
    city: z.optional(z.string()),
    region: z.optional(z.string()),
    zipcode: z.optional(z.string()),
    country: z.optional(z.string()),
    tags: z.array(z.string()),
    attributes: z.nullish(zStoredAttributes()),
    properties: z.optional(z.record(z.string(), z.unknown())),
    status: z.union([
        z.union([
            z.literal(50),
            z.literal(100),
            z.literal(1000)
        ]),
        z.number()
    ]),
    id_project: zObjectId(),
    createdBy: z.string(),
    createdAt: zTimestamp(),
    updatedAt: zTimestamp(),
    __v: z.int()
}));

export const zLeadList = /* @__PURE__ */ lazy(() => z.object({
    perPage: z.nullable(z.int()),
    count: z.int(),
    leads: z.array(zLead())
}));

export const zLeadCreateRequest = /* @__PURE__ */ lazy(() => z.object({
    email: z.nullish(z.email({ pattern: /^[a-zA-Z0-9.!#$%&'*+\/=?^_\`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/ })),
    lead_id: z.nullish(z.string().check(z.minLength(1))),
    fullname: z.nullish(z.string()),
    attributes: z.nullish(zStorableObject())
}));

export const zLeadUpserted = /* @__PURE__ */ lazy(() => z.object({
    _id: zObjectId(),
    id: z.optional(zObjectId()),
    lead_id: z.optional(z.string()),
    fullname: z.nullish(z.string()),
    email: z.nullish(z.string()),
    phone: z.nullish(z.string()),
    company: z.optional(z.string()),
    note: z.optional(z.string()),
    streetAddress: z.optional(z.string()),
    city: z.optional(z.string()),
    region: z.optional(z.string()),
    zipcode: z.optional(z.string()),
    country: z.optional(z.string()),
    tags: z.array(z.string()),
    attributes: z.nullish(zStoredAttributes()),
    properties: z.optional(z.record(z.string(), z.unknown())),
    status: z.union([
        z.union([
            z.literal(50),
            z.literal(100),
            z.literal(1000)
        ]),
        z.number()
    ]),
    id_project: z.optional(zObjectId()),
    createdBy: z.optional(z.string()),
    createdAt: zTimestamp(),
    updatedAt: zTimestamp(),
    __v: z.int()
}));

export const zLeadUpdateRequest = /* @__PURE__ */ lazy(() => z.object({
    email: z.nullish(z.email({ pattern: /^[a-zA-Z0-9.!#$%&'*+\/=?^_\`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/ })),
    fullname: z.nullish(z.string()),
    phone: z.nullish(z.string()),
    company: z.nullish(z.string()),
    note: z.nullish(z.string()),
    streetAddress: z.nullish(z.string()),
    city: z.nullish(z.string()),
    region: z.nullish(z.string()),
    zipcode: z.nullish(z.string()),
    country: z.nullish(z.string()),
    attributes: z.nullish(zStorableObject()),
    tags: z.nullish(z.array(z.string())),
    status: z.nullish(z.union([
        z.literal(50),
        z.literal(100),
        z.literal(1000)
    ]))
}));

export const zAnalyticsWaitingTime = /* @__PURE__ */ lazy(() => z.object({
    _id: zObjectId(),
    waiting_time_avg: z.nullable(z.number())
}));

export const zAnalyticsTotalCount = /* @__PURE__ */ lazy(() => z.object({
    totalCount: z.int().check(z.gte(1))
}));

export const zAnalyticsStatusCount = /* @__PURE__ */ lazy(() => z.object({
    _id: z.enum([
        'assigned',
        'unassigned',
        'archived'
    ]),
    count: z.int().check(z.gte(0))
}));

export const zAnalyticsDayCount = /* @__PURE__ */ lazy(() => z.object({
    _id: z.object({
        year: z.int(),
        month: z.int().check(z.gte(1), z.lte(12)),
        day: z.int().check(z.gte(1), z.lte(31))
    }),
    count: z.int().check(z.gte(1))
}));

export const zAnalyticsMonthCount = /* @__PURE__ */ lazy(() => z.object({
    _id: z.object({
        year: z.int(),
        month: z.int().check(z.gte(1), z.lte(12))
    }),
    count: z.int().check(z.gte(1))
}));

export const zAnalyticsWeekCount = /* @__PURE__ */ lazy(() => z.object({
    _id: z.object({
        year: z.int(),
        month: z.int().check(z.gte(1), z.lte(12)),
        week: z.int().check(z.gte(0), z.lte(53))
    }),
    count: z.int().check(z.gte(1))
}));

export const zAnalyticsHourCount = /* @__PURE__ */ lazy(() => z.object({
    _id: z.object({
        hour: z.nullable(z.int().check(z.gte(0), z.lte(23)))
    }),
    count: z.int().check(z.gte(1))
}));

export const zAnalyticsDuration = /* @__PURE__ */ lazy(() => z.object({
    _id: zObjectId(),
    duration_avg: z.nullable(z.number())
}));

export const zAnalyticsSatisfaction = /* @__PURE__ */ lazy(() => z.object({
    _id: zObjectId(),
    satisfaction_avg: z.nullable(z.number())
}));

export const zStoredConversation = /* @__PURE__ */ lazy(() => z.object({
    _id: zObjectId(),
    id: z.optional(zObjectId()),
    request_id: z.string(),
    ticket_id: z.optional(z.int()),
    first_text: z.string(),
    status: z.union([
        z.union([
            z.literal(50),
            z.literal(100),
            z.literal(150),
            z.literal(200),
            z.literal(300),
            z.literal(1000)
        ]),
        z.number()
    ]),
    subject: z.nullish(z.string()),
    sourcePage: z.nullish(z.string()),
    userAgent: z.nullish(z.string()),
    language: z.nullish(z.string()),
    requester: z.nullish(z.union([
        z.record(z.string(), z.unknown()),
        z.string()
    ])),
    requester_id: z.nullish(z.string()),
    lead: z.nullish(z.union([
        z.record(z.string(), z.unknown()),
        z.string()
    ])),
    department: z.nullish(z.union([
        z.record(z.string(), z.unknown()),
        z.string()
    ])),
    participants: z.array(z.string()),
    participatingAgents: z.optional(z.array(z.record(z.string(), z.unknown()))),
    participatingBots: z.optional(z.array(z.record(z.string(), z.unknown()))),
    hasBot: z.boolean(),
    preflight: z.nullish(z.boolean()),
    waiting_time: z.optional(z.int()),
    closed_at: z.optional(zTimestamp()),
    closed_by: z.optional(z.string()),
    duration: z.optional(z.number()),
    transcript: z.optional(z.string()),
    participantsAgents: z.optional(z.array(z.string())),
    participantsBots: z.optional(z.array(z.string())),
    rating: z.optional(z.number()),
    channel: z.nullish(z.looseObject({
        name: z.optional(z.string())
    })),
    attributes: z.nullish(zStoredAttributes()),
    priority: z._default(z.nullish(z.string()), 'medium'),
    rating_message: z.optional(z.string()),
    followers: z.optional(z.array(zObjectId())),
    first_response_at: z.optional(zTimestamp()),
    assigned_at: z.optional(zTimestamp()),
    tags: z.optional(z.array(z.looseObject({
        tag: z.optional(z.string()),
        color: z.optional(z.string()),
        attributes: z.optional(z.unknown()),
        _id: z.optional(zObjectId())
    }))),
    notes: z.optional(z.array(z.looseObject({
        text: z.optional(z.string()),
        attributes: z.optional(z.unknown()),
        createdBy: z.optional(z.string()),
        _id: z.optional(zObjectId()),
        createdAt: z.optional(zTimestamp()),
        updatedAt: z.optional(zTimestamp())
    }))),
    snapshot: z.optional(z.looseObject({
        requester: z.optional(z.record(z.string(), z.unknown())),
        lead: z.optional(z.record(z.string(), z.unknown())),
        department: z.optional(z.record(z.string(), z.unknown())),
        availableAgentsCount: z.optional(z.int()),
        agents: z.optional(z.array(z.record(z.string(), z.unknown())))
    })),
    contact: z.optional(z.looseObject({
        phone: z.optional(z.string()),
        email: z.optional(z.string()),
        external_id: z.optional(z.string())
    })),
    channelOutbound: z.optional(z.looseObject({
        name: z.optional(z.string())
    })),
    location: z.optional(z.looseObject({
        country: z.optional(z.string()),
        city: z.optional(z.string()),
        streetAddress: z.optional(z.string()),
        region: z.optional(z.string()),
        zipcode: z.optional(z.string()),
        geometry: z.optional(z.record(z.string(), z.unknown()))
    })),
    smartAssignment: z.optional(z.boolean()),
    workingStatus: z.optional(z.string()),
    draft: z.optional(z.boolean()),
    auto_close: z.optional(z.number()),
    expiresAt: z.optional(zTimestamp()),
    createdBy: z.string(),
    id_project: zObjectId(),
    createdAt: zTimestamp(),
    updatedAt: zTimestamp(),
    __v: z.int()
}));

export const zConversationList = /* @__PURE__ */ lazy(() => z.object({
    perPage: z.nullable(z.int()),
    count: z.int(),
    requests: z.array(zStoredConversation())
}));

export const zConversationUpdateRequest = /* @__PURE__ */ lazy(() => z.object({
    lead: z.nullish(z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))),
    status: z.nullish(z.int().check(z.gte(0))),
    tags: z.nullish(z.array(z.object({
        tag: z.string(),
        color: z.optional(z.string()),
        attributes: z.optional(zStorableObject())
    }))),
    rating: z.nullish(z.number()),
    rating_message: z.nullish(z.string()),
    sourcePage: z.nullish(z.string()),
    language: z.nullish(z.string()),
    first_text: z.nullish(z.string()),
    subject: z.nullish(z.string()),
    location: z.nullish(z.object({
        country: z.optional(z.string()),
        city: z.optional(z.string()),
        streetAddress: z.optional(z.string()),
        region: z.optional(z.string()),
        zipcode: z.optional(z.string()),
        ipAddress: z.optional(z.string()),
        geometry: z.optional(z.object({
            type: z.optional(z.enum(['Point'])),
            coordinates: z.optional(z.array(z.number()))
        }))
    })),
    priority: z.nullish(z.string()),
    smartAssignment: z.nullish(z.boolean()),
    workingStatus: z.nullish(z.string()),
    channelName: z.nullish(z.string())
}));

export const zConversationCloseRequest = /* @__PURE__ */ lazy(() => z.object({
    force: z.nullish(z.boolean())
}));

export const zMessageAttributes = /* @__PURE__ */ lazy(() => z.looseObject({
    client: z.optional(z.string()),
    sourcePage: z.optional(z.string()),
    userEmail: z.optional(z.string()),
    userFullname: z.optional(z.string())
}));

export const zConversation = /* @__PURE__ */ lazy(() => z.object({
    _id: z.optional(zObjectId()),
    id: z.optional(zObjectId()),
    request_id: z.optional(z.string()),
    ticket_id: z.optional(z.int()),
    first_text: z.optional(z.string()),
    status: z._default(z.optional(z.union([
        z.union([
            z.literal(50),
            z.literal(100),
            z.literal(150),
            z.literal(200),
            z.literal(300),
            z.literal(1000)
        ]),
        z.number()
    ])), 100),
    subject: z.nullish(z.string()),
    sourcePage: z.nullish(z.string()),
    userAgent: z.nullish(z.string()),
    language: z.nullish(z.string()),
    requester: z.nullish(z.union([
        z.record(z.string(), z.unknown()),
        z.string()
    ])),
    requester_id: z.nullish(z.string()),
    lead: z.nullish(z.union([
        z.record(z.string(), z.unknown()),
        z.string()
    ])),
    department: z.nullish(z.union([
        z.record(z.string(), z.unknown()),
        z.string()
    ])),
    participants: z.optional(z.array(z.string())),
    participatingAgents: z.optional(z.array(z.record(z.string(), z.unknown()))),
    participatingBots: z.optional(z.array(z.record(z.string(), z.unknown()))),
    hasBot: z.optional(z.boolean()),
    preflight: z.nullish(z.boolean()),
    waiting_time: z.optional(z.int()),
    closed_at: z.optional(zTimestamp()),
    closed_by: z.optional(z.string()),
    duration: z.optional(z.number()),
    transcript: z.optional(z.string()),
    participantsAgents: z.optional(z.array(z.string())),
    participantsBots: z.optional(z.array(z.string())),
    rating: z.optional(z.number()),
    channel: z.nullish(z.looseObject({
        name: z.optional(z.string())
    })),
    attributes: z.nullish(zStoredAttributes()),
    priority: z._default(z.nullish(z.string()), 'medium'),
    rating_message: z.optional(z.string()),
    followers: z.optional(z.array(zObjectId())),
    first_response_at: z.optional(zTimestamp()),
    assigned_at: z.optional(zTimestamp()),
    tags: z.optional(z.array(z.looseObject({
        tag: z.optional(z.string()),
        color: z.optional(z.string()),
        attributes: z.optional(z.unknown()),
        _id: z.optional(zObjectId())
    }))),
    notes: z.optional(z.array(z.looseObject({
        text: z.optional(z.string()),
        attributes: z.optional(z.unknown()),
        createdBy: z.optional(z.string()),
        _id: z.optional(zObjectId()),
        createdAt: z.optional(zTimestamp()),
        updatedAt: z.optional(zTimestamp())
    }))),
    snapshot: z.optional(z.looseObject({
        requester: z.optional(z.record(z.string(), z.unknown())),
        lead: z.optional(z.record(z.string(), z.unknown())),
        department: z.optional(z.record(z.string(), z.unknown())),
        availableAgentsCount: z.optional(z.int()),
        agents: z.optional(z.array(z.record(z.string(), z.unknown())))
    })),
    contact: z.optional(z.looseObject({
        phone: z.optional(z.string()),
        email: z.optional(z.string()),
        external_id: z.optional(z.string())
    })),
    channelOutbound: z.optional(z.looseObject({
        name: z.optional(z.string())
    })),
    location: z.optional(z.looseObject({
        country: z.optional(z.string()),
        city: z.optional(z.string()),
        streetAddress: z.optional(z.string()),
        region: z.optional(z.string()),
        zipcode: z.optional(z.string()),
        geometry: z.optional(z.record(z.string(), z.unknown()))
    })),
    smartAssignment: z.optional(z.boolean()),
    workingStatus: z.optional(z.string()),
    draft: z.optional(z.boolean()),
    auto_close: z.optional(z.number()),
    expiresAt: z.optional(zTimestamp()),
    createdBy: z.optional(z.string()),
    id_project: z.optional(zObjectId()),
    createdAt: z.optional(zTimestamp()),
    updatedAt: z.optional(zTimestamp()),
    __v: z.optional(z.int())
}));

export const zMessage = /* @__PURE__ */ lazy(() => z.object({
    _id: zObjectId(),
    type: z.string(),
    status: z.optional(z.union([
        z.union([
            z.literal(-100),
            z.literal(0),
            z.literal(100),
            z.literal(150),
            z.literal(200),
            z.literal(250),
            z.literal(300)
        ]),
        z.number()
    ])),
    sender: z.string(),
    senderFullname: z.optional(z.string()),
    recipient: z.string(),
    text: z.nullish(z.string()),
    id_project: zObjectId(),
    createdBy: z.optional(z.string()),
    metadata: z.nullish(z.record(z.string(), z.unknown())),
    attributes: z.nullish(zMessageAttributes()),
    channel_type: z._default(z.optional(z.union([
        z.enum(['group', 'direct']),
        z.string()
    ])), 'group'),
    language: z.nullish(z.string()),
    channel: z.nullish(z.object({
        name: z._default(z.optional(z.string()), 'chat21')
    })),
    createdAt: z.optional(zTimestamp()),
    updatedAt: z.optional(zTimestamp()),
    __v: z.optional(z.int()),
    request: z.optional(zConversation())
}));

export const zInfoMessage = /* @__PURE__ */ lazy(() => z.object({
    _id: zObjectId(),
    type: z.string(),
    status: z.optional(z.number()),
    sender: z.literal('system'),
    senderFullname: z.optional(z.string()),
    recipient: z.string(),
    text: z.optional(z.string()),
    id_project: zObjectId(),
    createdBy: z.optional(z.string()),
    attributes: z.optional(zMessageAttributes()),
    metadata: z.nullish(z.string()),
    channel_type: z.optional(z.string()),
    channel: z.nullish(z.object({
        name: z.optional(z.string())
    })),
    createdAt: z.optional(zTimestamp()),
    updatedAt: z.optional(zTimestamp()),
    __v: z.optional(z.int())
}));

export const zMessageCreateRequest = /* @__PURE__ */ lazy(() => z.object({
    text: z.string().check(z.minLength(1)),
    type: z._default(z.optional(z.string().check(z.minLength(1))), 'text'),
    sender: z.nullish(z.string()),
    senderFullname: z.nullish(z.string()),
    email: z.nullish(z.email({ pattern: /^[a-zA-Z0-9.!#$%&'*+\/=?^_\`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/ })),
    status: z._default(z.nullish(z.union([
        z.literal(-100),
        z.literal(0),
        z.literal(100),
        z.literal(150),
        z.literal(200),
        z.literal(250),
        z.literal(300)
    ])), 0),
    attributes: z.nullish(z.intersection(zMessageAttributes(), zStorableObject())),
    metadata: z.optional(zStorableObject()),
    language: z.optional(z.string()),
    channel: z.optional(z.intersection(zStorableObject(), z.object({
        name: z.string().check(z.minLength(1))
    }))),
    departmentid: z.nullish(zObjectId()),
    sourcePage: z.optional(z.string()),
    userAgent: z.optional(z.string()),
    subject: z.optional(z.string()),
    participants: z.optional(z.array(z.union([zObjectId(), z.string().check(z.regex(/^bot_[0-9a-fA-F]{24}$/))]))),
    priority: z._default(z.optional(z.string()), 'medium'),
    request_status: z.optional(z.int()),
    preflight: z.nullish(z.boolean()),
    location: z.nullish(z.object({
        country: z.optional(z.string()),
        city: z.optional(z.string()),
        streetAddress: z.optional(z.string()),
        region: z.optional(z.string()),
        zipcode: z.optional(z.string()),
        ipAddress: z.optional(z.string()),
        geometry: z.optional(z.object({
            type: z.optional(z.enum(['Point'])),
            coordinates: z.optional(z.array(z.number()))
        }))
    })),
    followers: z.optional(z.array(zObjectId()))
}));

export const zConversationParticipantsSetRequest = /* @__PURE__ */ lazy(() => z.array(z.string().check(z.regex(/^(bot_)?[0-9a-fA-F]{24}$/))));

export const zConversationParticipantAddRequest = /* @__PURE__ */ lazy(() => z.object({
    member: z.string().check(z.minLength(1), z.regex(/^(bot_)?[0-9a-fA-F]{24}$/))
}));

export const zConversationAssignRequest = /* @__PURE__ */ lazy(() => z.object({
    departmentid: z.optional(z.string().check(z.regex(/^(default|[0-9a-fA-F]{24})$/))),
    nobot: z.optional(z.boolean()),
    no_populate: z.optional(z.boolean())
}));

export const zDepartment = /* @__PURE__ */ lazy(() => z.object({
    _id: zObjectId(),
    id: zObjectId(),
    name: z.string(),
    description: z.optional(z.string()),
    id_project: z.string(),
    routing: z.union([
        z.enum([
            'pooled',
            'assigned',
            'fixed'
        ]),
        z.string()
    ]),
    default: z.boolean(),
    status: z.int(),
    id_group: z.nullish(z.string()),
    id_bot: z.nullish(z.string()),
    bot_only: z.optional(z.boolean()),
    groups: z.array(z.record(z.string(), z.unknown())),
    tags: z.array(z.record(z.string(), z.unknown())),
    online_msg: z.optional(z.string()),
    offline_msg: z.optional(z.string()),
    hasBot: z.boolean(),
    createdBy: z.string(),
    createdAt: zTimestamp(),
    updatedAt: zTimestamp(),
    __v: z.int()
}));

export const zSubscriptionSummary = /* @__PURE__ */ lazy(() => z.object({
    _id: zObjectId(),
    target: z.nullable(z.string()),
    event: z.nullable(z.string()),
    id_project: z.nullable(z.string()),
    createdBy: z.nullable(z.string()),
    createdAt: zTimestamp(),
    updatedAt: zTimestamp(),
    __v: z.int()
}));

export const zSubscriptionUpserted = /* @__PURE__ */ lazy(() => z.object({
    _id: zObjectId(),
    target: z.nullish(z.string()),
    event: z.nullish(z.string()),
    id_project: z.nullish(z.string()),
    createdBy: z.nullish(z.string()),
    createdAt: zTimestamp(),
    updatedAt: zTimestamp(),
    __v: z.int()
}));

export const zSubscriptionEvent = /* @__PURE__ */ lazy(() => z.enum([
    'message.create',
    'request.create',
    'request.update',
    'request.close',
    'lead.create',
    'project_user.invite',
    'project_user.update',
    'project_user.update.agent',
    'project_user.delete',
    'group.create',
    'group.update',
    'group.delete',
    'department.create',
    'department.update',
    'department.delete',
    'faqbot.create',
    'faqbot.update',
    'faqbot.delete',
    'faq.create',
    'faq.update',
    'faq.delete',
    'user.signup',
    'project.create',
    'project.update',
    'project.downgrade',
    'project.delete',
    'event.emit',
    'operator.select'
]));

export const zSubscriptionCreateRequest = /* @__PURE__ */ lazy(() => z.object({
    event: z.union([
        zSubscriptionEvent(),
        z.string().check(z.minLength(1))
    ]),
    target: z.url().check(z.regex(/^[Hh][Tt][Tt][Pp][Ss]?:\/\//))
}));

export const zSubscription = /* @__PURE__ */ lazy(() => z.object({
    secret: z.string(),
    _id: zObjectId(),
    target: z.string(),
    event: z.string(),
    id_project: zObjectId(),
    createdBy: z.string(),
    createdAt: zTimestamp(),
    updatedAt: zTimestamp(),
    __v: z.int(),
    global: z._default(z.optional(z.boolean()), false)
}));

export const zSubscriptionUpdateRequest = /* @__PURE__ */ lazy(() => z.object({
    event: z.optional(z.union([
        zSubscriptionEvent(),
        z.string().check(z.minLength(1))
    ])),
    target: z.optional(z.url().check(z.regex(/^[Hh][Tt][Tt][Pp][Ss]?:\/\//)))
}));

export const zWebhookTimestamp = /* @__PURE__ */ lazy(() => z.int());

export const zSubscriptionHook = /* @__PURE__ */ lazy(() => z.object({
    _id: zObjectId(),
    target: z.string(),
    event: z.string(),
    id_project: zObjectId(),
    createdBy: z.optional(z.string()),
    createdAt: z.optional(zTimestamp()),
    updatedAt: z.optional(zTimestamp()),
    __v: z.optional(z.int())
}));

export const zWebhookToken = /* @__PURE__ */ lazy(() => z.string());

export const zMessageCreateEvent = /* @__PURE__ */ lazy(() => z.object({
    timestamp: zWebhookTimestamp(),
    payload: zMessage(),
    hook: zSubscriptionHook(),
    token: z.optional(zWebhookToken())
}));

export const zConversationEvent = /* @__PURE__ */ lazy(() => z.object({
    timestamp: zWebhookTimestamp(),
    payload: zStoredConversation(),
    hook: zSubscriptionHook(),
    token: z.optional(zWebhookToken())
}));

export const zConversationCloseEvent = /* @__PURE__ */ lazy(() => z.object({
    timestamp: zWebhookTimestamp(),
    payload: z.intersection(zStoredConversation(), z.object({
        messages: z.array(zMessage())
    })),
    hook: zSubscriptionHook(),
    token: z.optional(zWebhookToken())
}));

export const zLeadCreateEvent = /* @__PURE__ */ lazy(() => z.object({
    timestamp: zWebhookTimestamp(),
    payload: zLead(),
    hook: zSubscriptionHook(),
    token: z.optional(zWebhookToken())
}));

export const zGroupEvent = /* @__PURE__ */ lazy(() => z.object({
    timestamp: zWebhookTimestamp(),
    payload: zGroup(),
    hook: zSubscriptionHook(),
    token: z.optional(zWebhookToken())
}));

export const zDepartmentEvent = /* @__PURE__ */ lazy(() => z.object({
    timestamp: zWebhookTimestamp(),
    payload: zDepartment(),
    hook: zSubscriptionHook(),
    token: z.optional(zWebhookToken())
}));

export const zTeammateEvent = /* @__PURE__ */ lazy(() => z.object({
    timestamp: zWebhookTimestamp(),
    payload: zTeammate(),
    hook: zSubscriptionHook(),
    token: z.optional(zWebhookToken())
}));

export const zOperatorSelection = /* @__PURE__ */ lazy(() => z.object({
    available_agents: z.array(zTeammate()),
    agents: z.array(zTeammate()),
    operators: z.array(z.looseObject({
        id_user: z.string()
    })),
    department: zDepartment(),
    id_project: z.string(),
    project: z.looseObject({
        _id: zObjectId(),
        name: z.string(),
        profile: z.record(z.string(), z.unknown()),
        settings: z.optional(z.record(z.string(), z.unknown()))
    }),
    context: z.looseObject({
        request: z.looseObject({
            request_id: z.string(),
            id_project: z.string(),
            departmentid: z.optional(z.string()),
            first_text: z.optional(z.string()),
            participants: z.optional(z.array(z.string()))
        })
    }),
    group: z.optional(z.array(zGroup())),
    lastOperatorId: z.optional(z.string()),
    lastOperatorIndex: z.optional(z.int()),
    lastRequest: z.optional(zStoredConversation()),
    available_agents_request: z.optional(z.array(z.looseObject({
        project_user: z.optional(zTeammate()),
        openRequetsCount: z.optional(z.int())
    })))
}));

export const zOperatorSelectEvent = /* @__PURE__ */ lazy(() => z.object({
    timestamp: zWebhookTimestamp(),
    payload: zOperatorSelection(),
    hook: zSubscriptionHook(),
    token: z.optional(zWebhookToken())
}));

export const zFaqBot = /* @__PURE__ */ lazy(() => z.object({
    _id: zObjectId(),
    name: z.string(),
    description: z.optional(z.string()),
    slug: z.optional(z.string()),
    id_project: z.string(),
    type: z.string(),
    subtype: z.optional(z.string()),
    language: z.string(),
    webhook_enabled: z.boolean(),
    webhook_url: z.optional(z.string()),
    url: z.optional(z.string()),
    public: z.boolean(),
    certified: z.boolean(),
    intentsEngine: z.string(),
    tags: z.array(z.unknown()),
    certifiedTags: z.array(z.unknown()),
    score: z.number(),
    trained: z.boolean(),
    trashed: z.boolean(),
    agents_available: z.optional(z.boolean()),
    modified: z.optional(z.boolean()),
    attributes: z.optional(z.record(z.string(), z.unknown())),
    secret: z.optional(z.string()),
    createdBy: z.string(),
    createdAt: zTimestamp(),
    updatedAt: zTimestamp(),
    __v: z.int()
}));

export const zFaqBotEvent = /* @__PURE__ */ lazy(() => z.object({
    timestamp: zWebhookTimestamp(),
    payload: zFaqBot(),
    hook: zSubscriptionHook(),
    token: z.optional(zWebhookToken())
}));

export const zFaq = /* @__PURE__ */ lazy(() => z.object({
    _id: zObjectId(),
    id: zObjectId(),
    id_faq_kb: z.string(),
    id_project: z.string(),
    intent_id: z.string(),
    intent_display_name: z.string(),
    question: z.optional(z.string()),
    answer: z.optional(z.string()),
    enabled: z.boolean(),
    webhook_enabled: z.optional(z.boolean()),
    topic: z.string(),
    status: z.string(),
    language: z.string(),
    actions: z.array(z.unknown()),
    agents_available: z.optional(z.boolean()),
    createdBy: z.string(),
    createdAt: zTimestamp(),
    updatedAt: zTimestamp(),
    __v: z.int()
}));

export const zFaqEvent = /* @__PURE__ */ lazy(() => z.object({
    timestamp: zWebhookTimestamp(),
    payload: zFaq(),
    hook: zSubscriptionHook(),
    token: z.optional(zWebhookToken())
}));

export const zProject = /* @__PURE__ */ lazy(() => z.object({
    _id: zObjectId(),
    id: zObjectId(),
    id_project: z.optional(z.string()),
    name: z.string(),
    status: z.int(),
    activeOperatingHours: z.optional(z.boolean()),
    operatingHours: z.optional(z.string()),
    profile: z.record(z.string(), z.unknown()),
    versions: z.optional(z.int()),
    channels: z.optional(z.array(z.record(z.string(), z.unknown()))),
    widget: z.optional(z.record(z.string(), z.unknown())),
    settings: z.optional(z.record(z.string(), z.unknown())),
    attributes: z.optional(z.record(z.string(), z.unknown())),
    ipFilterEnabled: z.optional(z.boolean()),
    ipFilter: z.optional(z.array(z.unknown())),
    ipFilterDenyEnabled: z.optional(z.boolean()),
    ipFilterDeny: z.optional(z.array(z.unknown())),
    bannedUsers: z.optional(z.array(z.record(z.string(), z.unknown()))),
    trialExpired: z.optional(z.boolean()),
    trialDaysLeft: z.optional(z.number()),
    isActiveSubscription: z.optional(z.boolean()),
    createdBy: z.string(),
    createdAt: zTimestamp(),
    updatedAt: zTimestamp(),
    __v: z.int()
}));

export const zProjectEvent = /* @__PURE__ */ lazy(() => z.object({
    timestamp: zWebhookTimestamp(),
    payload: zProject(),
    hook: zSubscriptionHook(),
    token: z.optional(zWebhookToken())
}));

export const zEmittedEvent = /* @__PURE__ */ lazy(() => z.object({
    _id: zObjectId(),
    id: zObjectId(),
    name: z.string(),
    attributes: z.optional(z.record(z.string(), z.unknown())),
    id_project: z.string(),
    status: z.string(),
    project_user: z.optional(zTeammate()),
    user: z.optional(zUser()),
    createdBy: z.string(),
    createdAt: zTimestamp(),
    updatedAt: zTimestamp(),
    __v: z.int()
}));

export const zEventEmitEvent = /* @__PURE__ */ lazy(() => z.object({
    timestamp: zWebhookTimestamp(),
    payload: zEmittedEvent(),
    hook: zSubscriptionHook(),
    token: z.optional(zWebhookToken())
}));

export const zProjectId = /* @__PURE__ */ lazy(() => z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)));

export const zPage = /* @__PURE__ */ lazy(() => z._default(z.int().check(z.gte(0)), 0));

export const zDirection = /* @__PURE__ */ lazy(() => z._default(z.union([z.literal(-1), z.literal(1)]), -1));

export const zAnalyticsLastDays = /* @__PURE__ */ lazy(() => z._default(z.int().check(z.gte(1)), 7));

export const zAnalyticsDepartmentId = /* @__PURE__ */ lazy(() => z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)));

export const zAnalyticsChannel = /* @__PURE__ */ lazy(() => z.string());

export const zAnalyticsSender = /* @__PURE__ */ lazy(() => z.string());

export const zAnalyticsRecipient = /* @__PURE__ */ lazy(() => z.string());

export const zWebhookSecret = /* @__PURE__ */ lazy(() => z.string());

export const zWebhookUserAgent = /* @__PURE__ */ lazy(() => z.string());

export const zWebhookOrigin = /* @__PURE__ */ lazy(() => z.string());

export const zSignInBody = /* @__PURE__ */ lazy(() => zSignInRequest());

export const zSignInResponse2 = /* @__PURE__ */ lazy(() => zSignInResponse());

export const zSignInAnonymouslyBody = /* @__PURE__ */ lazy(() => zAnonymousSignInRequest());

export const zSignInAnonymouslyResponse = /* @__PURE__ */ lazy(() => zAnonymousSignInResponse());

export const zSignInWithCustomTokenResponse = /* @__PURE__ */ lazy(() => zCustomTokenSignInResponse());

export const zListContentsPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zListContentsQuery = /* @__PURE__ */ lazy(() => z.object({
    namespace: zObjectId(),
    status: z.optional(zContentStatus()),
    type: z.optional(z.union([
        zContentType(),
        zContentInternalType()
    ])),
    limit: z._default(z.optional(z.int().check(z.gte(1))), 200),
    page: z._default(z.optional(z.int().check(z.gte(0))), 0),
    sortField: z._default(z.optional(z.string().check(z.regex(/^(?:[^$.][^.]*(?:\.[^$.][^.]*)*)?$/))), 'updatedAt'),
    direction: z._default(z.optional(z.union([z.literal(-1), z.literal(1)])), -1),
    search: z.optional(z.string().check(z.refine(value => {
        try {
            new RegExp(value);
            return true;
        }
        catch {
            return false;
        }
    }, { message: 'Invalid regular expression' })))
}));

export const zListContentsResponse = /* @__PURE__ */ lazy(() => zContentList());

export const zCreateContentBody = /* @__PURE__ */ lazy(() => zContentCreateRequest());

export const zCreateContentPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zCreateContentResponse = /* @__PURE__ */ lazy(() => zContentUpsertResult());

export const zDeleteContentPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    content_id: zObjectId()
}));

export const zDeleteContentResponse = /* @__PURE__ */ lazy(() => zContent());

export const zGetContentPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    content_id: zObjectId()
}));

export const zGetContentResponse = /* @__PURE__ */ lazy(() => zContent());

export const zCreateContentsFromUrlsBody = /* @__PURE__ */ lazy(() => zContentUrlListRequest());

export const zCreateContentsFromUrlsPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zCreateContentsFromUrlsQuery = /* @__PURE__ */ lazy(() => z.object({
    namespace: zObjectId()
}));

export const zCreateContentsFromUrlsResponse = /* @__PURE__ */ lazy(() => z.array(zContent()));

export const zParseSitemapBody = /* @__PURE__ */ lazy(() => zSitemapRequest());

export const zParseSitemapPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zParseSitemapResponse = /* @__PURE__ */ lazy(() => zSitemapResult());

export const zListKnowledgeBasesPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zListKnowledgeBasesQuery = /* @__PURE__ */ lazy(() => z.object({
    count: z._default(z.optional(z.boolean()), false)
}));

export const zListKnowledgeBasesResponse = /* @__PURE__ */ lazy(() => z.array(zKnowledgeBase()).check(z.minLength(1)));

export const zCreateKnowledgeBaseBody = /* @__PURE__ */ lazy(() => zKnowledgeBaseCreateRequest());

export const zCreateKnowledgeBasePath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zCreateKnowledgeBaseResponse = /* @__PURE__ */ lazy(() => zKnowledgeBase());

export const zDeleteKnowledgeBasePath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    id: zObjectId()
}));

export const zDeleteKnowledgeBaseQuery = /* @__PURE__ */ lazy(() => z.object({
    contents_only: z._default(z.optional(z.boolean()), false)
}));

export const zDeleteKnowledgeBaseResponse = /* @__PURE__ */ lazy(() => zSuccessMessage());

export const zUpdateKnowledgeBaseBody = /* @__PURE__ */ lazy(() => zKnowledgeBaseUpdateRequest());

export const zUpdateKnowledgeBasePath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    id: zObjectId()
}));

export const zUpdateKnowledgeBaseResponse = /* @__PURE__ */ lazy(() => z.union([
    zKnowledgeBase(),
    zKnowledgeBaseUpserted()
]));

export const zListTeammatesPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zListTeammatesQuery = /* @__PURE__ */ lazy(() => z.object({
    role: z.optional(z.string()),
    trashed: z._default(z.optional(z.boolean()), false),
    presencestatus: z.optional(z.enum(['online', 'offline'])),
    status: z.optional(zTeammateStatus())
}));

export const zListTeammatesResponse = /* @__PURE__ */ lazy(() => z.array(z.intersection(zTeammate(), z.object({
    isBusy: z.boolean()
}))));

export const zUpdateCurrentTeammateBody = /* @__PURE__ */ lazy(() => zTeammateUpdateRequest());

export const zUpdateCurrentTeammatePath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zUpdateCurrentTeammateResponse = /* @__PURE__ */ lazy(() => zTeammate());

export const zDeleteTeammatePath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    project_user_id: zObjectId()
}));

export const zDeleteTeammateQuery = /* @__PURE__ */ lazy(() => z.object({
    soft: z._default(z.optional(z.boolean()), false),
    hard: z._default(z.optional(z.boolean()), false)
}));

export const zDeleteTeammateResponse = /* @__PURE__ */ lazy(() => z.union([
    zTeammate(),
    zTeammateUpserted()
]));

export const zGetTeammatePath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    project_user_id: zObjectId()
}));

export const zGetTeammateResponse = /* @__PURE__ */ lazy(() => z.intersection(zTeammate(), z.object({
    isBusy: z.boolean()
})));

export const zUpdateTeammateBody = /* @__PURE__ */ lazy(() => zTeammateAdminUpdateRequest());

export const zUpdateTeammatePath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    project_user_id: zObjectId()
}));

export const zUpdateTeammateResponse = /* @__PURE__ */ lazy(() => z.union([
    zTeammate(),
    zTeammateUpserted()
]));

export const zGetTeammateByUserIdPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    user_id: z.string().check(z.minLength(1))
}));

export const zGetTeammateByUserIdResponse = /* @__PURE__ */ lazy(() => z.tuple([z.intersection(zTeammate(), z.object({
        isBusy: z.boolean()
    }))]));

export const zInviteTeammateBody = /* @__PURE__ */ lazy(() => zTeammateInviteRequest());

export const zInviteTeammatePath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zInviteTeammateResponse = /* @__PURE__ */ lazy(() => z.union([
    zTeammate(),
    zTeammatePendingInvitation(),
    zTeammateInviteNotSaved()
]));

export const zListGroupsPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zListGroupsQuery = /* @__PURE__ */ lazy(() => z.object({
    member: z.optional(z.string())
}));

export const zListGroupsResponse = /* @__PURE__ */ lazy(() => z.array(zGroup()));

export const zCreateGroupBody = /* @__PURE__ */ lazy(() => zGroupCreateRequest());

export const zCreateGroupPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zCreateGroupResponse = /* @__PURE__ */ lazy(() => zGroup());

export const zDeleteGroupPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    id: zObjectId()
}));

export const zDeleteGroupQuery = /* @__PURE__ */ lazy(() => z.object({
    force: z._default(z.optional(z.boolean()), false)
}));

export const zDeleteGroupResponse = /* @__PURE__ */ lazy(() => z.nullable(z.union([
    zSuccessMessage(),
    zGroup(),
    zGroupUpserted()
])));

export const zGetGroupPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    id: zObjectId()
}));

export const zGetGroupResponse = /* @__PURE__ */ lazy(() => z.union([
    zGroup(),
    zGroupUpserted()
]));

export const zUpdateGroupBody = /* @__PURE__ */ lazy(() => zGroupUpdateRequest());

export const zUpdateGroupPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    id: zObjectId()
}));

export const zUpdateGroupResponse = /* @__PURE__ */ lazy(() => z.union([
    zGroup(),
    zGroupUpserted()
]));

export const zListSegmentsPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zListSegmentsQuery = /* @__PURE__ */ lazy(() => z.object({
    limit: z._default(z.optional(z.int().check(z.gte(1))), 40),
    page: z._default(z.optional(z.int().check(z.gte(0))), 0),
    sortField: z._default(z.optional(z.string().check(z.regex(/^(?:[^$.][^.]*(?:\.[^$.][^.]*)*)?$/))), 'createdAt'),
    sort: z._default(z.optional(z.string().check(z.regex(/^(?:[^$.][^.]*(?:\.[^$.][^.]*)*)?$/))), 'createdAt'),
    direction: z._default(z.optional(z.union([z.literal(-1), z.literal(1)])), -1)
}));

export const zListSegmentsResponse = /* @__PURE__ */ lazy(() => zSegmentList());

export const zCreateSegmentBody = /* @__PURE__ */ lazy(() => zSegmentInput());

export const zCreateSegmentPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zCreateSegmentResponse = /* @__PURE__ */ lazy(() => zSegment());

export const zDeleteSegmentPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    id: zObjectId()
}));

export const zDeleteSegmentResponse = /* @__PURE__ */ lazy(() => z.union([
    zSegment(),
    zSegmentUpserted()
]));

export const zGetSegmentPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    id: zObjectId()
}));

export const zGetSegmentResponse = /* @__PURE__ */ lazy(() => z.union([
    zSegment(),
    zSegmentUpserted()
]));

export const zUpdateSegmentBody = /* @__PURE__ */ lazy(() => zSegmentUpdateInput());

export const zUpdateSegmentPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    id: zObjectId()
}));

export const zUpdateSegmentResponse = /* @__PURE__ */ lazy(() => z.union([
    zSegment(),
    zSegmentUpserted()
]));

export const zListTagsPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zListTagsQuery = /* @__PURE__ */ lazy(() => z.object({
    sortField: z._default(z.optional(z.string().check(z.regex(/^(?:[^$.][^.]*(?:\.[^$.][^.]*)*)?$/))), 'createdAt'),
    sort: z._default(z.optional(z.string().check(z.regex(/^(?:[^$.][^.]*(?:\.[^$.][^.]*)*)?$/))), 'createdAt'),
    direction: z._default(z.optional(z.union([z.literal(-1), z.literal(1)])), -1),
    page: z._default(z.optional(z.int().check(z.gte(0))), 0)
}));

export const zListTagsResponse = /* @__PURE__ */ lazy(() => z.array(zTag()).check(z.maxLength(40)));

export const zCreateTagBody = /* @__PURE__ */ lazy(() => zTagInput());

export const zCreateTagPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zCreateTagResponse = /* @__PURE__ */ lazy(() => zTag());

export const zDeleteTagPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    id: zObjectId()
}));

export const zDeleteTagResponse = /* @__PURE__ */ lazy(() => zDeleteResult());

export const zGetTagPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    id: zObjectId()
}));

export const zGetTagResponse = /* @__PURE__ */ lazy(() => z.union([
    zTag(),
    zTagUpserted()
]));

export const zUpdateTagBody = /* @__PURE__ */ lazy(() => zTagInput());

export const zUpdateTagPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    id: zObjectId()
}));

export const zUpdateTagResponse = /* @__PURE__ */ lazy(() => z.union([
    zTag(),
    zTagUpserted()
]));

export const zDeleteAllLabelsPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zDeleteAllLabelsResponse = /* @__PURE__ */ lazy(() => zDeleteResult());

export const zListLabelsPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zListLabelsResponse = /* @__PURE__ */ lazy(() => z.union([
    zLabelDocument(),
    zNoLabelDocument()
]));

export const zUpsertLabelsBody = /* @__PURE__ */ lazy(() => zLabelUpsertRequest());

export const zUpsertLabelsPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zUpsertLabelsResponse = /* @__PURE__ */ lazy(() => zLabelWriteResult());

export const zDeleteLabelsPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    lang: z.string().check(z.minLength(1))
}));

export const zDeleteLabelsResponse = /* @__PURE__ */ lazy(() => zLabelWriteResult());

export const zGetLabelsPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    lang: z.string().check(z.minLength(1))
}));

export const zGetLabelsResponse = /* @__PURE__ */ lazy(() => zLabelEntry());

export const zSetDefaultLabelsPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    lang: z.string().check(z.minLength(1))
}));

export const zSetDefaultLabelsResponse = /* @__PURE__ */ lazy(() => zLabelWriteResult());

export const zListDefaultLabelsPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zListDefaultLabelsResponse = /* @__PURE__ */ lazy(() => z.array(zLabelTranslation()));

export const zGetDefaultLabelsPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    lang: z.enum([
        'EN',
        'IT',
        'FR',
        'ES',
        'DE',
        'PT',
        'RU',
        'TR',
        'SR',
        'AR',
        'UK',
        'SV',
        'KK',
        'UZ',
        'AZ'
    ])
}));

export const zGetDefaultLabelsResponse = /* @__PURE__ */ lazy(() => zLabelTranslation());

export const zCloneDefaultLabelsBody = /* @__PURE__ */ lazy(() => zLabelCloneRequest());

export const zCloneDefaultLabelsPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zCloneDefaultLabelsResponse = /* @__PURE__ */ lazy(() => zLabelDocument());

export const zListLeadsPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zListLeadsQuery = /* @__PURE__ */ lazy(() => z.object({
    sortField: z._default(z.optional(z.string().check(z.regex(/^(?:[^$.][^.]*(?:\.[^$.][^.]*)*)?$/))), 'createdAt'),
    sort: z._default(z.optional(z.string().check(z.regex(/^(?:[^$.][^.]*(?:\.[^$.][^.]*)*)?$/))), 'createdAt'),
    direction: z._default(z.optional(z.union([z.literal(-1), z.literal(1)])), -1),
    email: z.optional(z.string()),
    page: z._default(z.optional(z.int().check(z.gte(0))), 0),
    limit: z._default(z.optional(z.int().check(z.gte(1))), 40),
    full_text: z.optional(z.string()),
    segment: z.optional(zObjectId()),
    tags: z.optional(z.string()),
    with_email: z.optional(z.boolean()),
    with_fullname: z.optional(z.boolean()),
    status: z._default(z.optional(z.union([
        z.literal(50),
        z.literal(100),
        z.literal(1000)
    ])), 100)
}));

export const zListLeadsResponse = /* @__PURE__ */ lazy(() => zLeadList());

export const zCreateLeadBody = /* @__PURE__ */ lazy(() => zLeadCreateRequest());

export const zCreateLeadPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zCreateLeadResponse = /* @__PURE__ */ lazy(() => zLead());

export const zExportLeadsCsvPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zExportLeadsCsvQuery = /* @__PURE__ */ lazy(() => z.object({
    sort: z._default(z.optional(z.string().check(z.regex(/^(?:[^$.][^.]*(?:\.[^$.][^.]*)*)?$/))), 'createdAt'),
    direction: z._default(z.optional(z.union([z.literal(-1), z.literal(1)])), -1),
    email: z.optional(z.string()),
    full_text: z.optional(z.string()),
    page: z._default(z.optional(z.int().check(z.gte(0), z.lte(90071992547))), 0)
}));

export const zExportLeadsCsvResponse = /* @__PURE__ */ lazy(() => z.string());

export const zDeleteLeadPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    id: zObjectId()
}));

export const zDeleteLeadResponse = /* @__PURE__ */ lazy(() => z.union([
    zLead(),
    zLeadUpserted()
]));

export const zGetLeadPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    id: zObjectId()
}));

export const zGetLeadResponse = /* @__PURE__ */ lazy(() => z.union([
    zLead(),
    zLeadUpserted()
]));

export const zUpdateLeadBody = /* @__PURE__ */ lazy(() => zLeadUpdateRequest());

export const zUpdateLeadPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    id: zObjectId()
}));

export const zUpdateLeadResponse = /* @__PURE__ */ lazy(() => z.union([
    zLead(),
    zLeadUpserted()
]));

export const zGetRequestWaitingTimePath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zGetRequestWaitingTimeQuery = /* @__PURE__ */ lazy(() => z.object({
    last: z._default(z.optional(z.int().check(z.gte(1))), 2592000)
}));

export const zGetRequestWaitingTimeResponse = /* @__PURE__ */ lazy(() => z.array(zAnalyticsWaitingTime()).check(z.maxLength(1)));

export const zGetRequestWaitingTimeLastDayPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zGetRequestWaitingTimeLastDayResponse = /* @__PURE__ */ lazy(() => z.array(zAnalyticsWaitingTime()).check(z.maxLength(1)));

export const zCountRequestsPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zCountRequestsResponse = /* @__PURE__ */ lazy(() => z.array(zAnalyticsTotalCount()).check(z.maxLength(1)));

export const zAggregateRequestsByStatusPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zAggregateRequestsByStatusResponse = /* @__PURE__ */ lazy(() => z.array(z.union([zAnalyticsTotalCount(), zAnalyticsStatusCount()])));

export const zAggregateRequestsByDayPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zAggregateRequestsByDayQuery = /* @__PURE__ */ lazy(() => z.object({
    lastdays: z._default(z.optional(z.int().check(z.gte(1))), 7),
    department_id: z.optional(z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))),
    participant: z.optional(z.string()),
    channel: z.optional(z.string())
}));

export const zAggregateRequestsByDayResponse = /* @__PURE__ */ lazy(() => z.array(zAnalyticsDayCount()));

export const zAggregateRequestsByMonthPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zAggregateRequestsByMonthQuery = /* @__PURE__ */ lazy(() => z.object({
    department_id: z.optional(z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)))
}));

export const zAggregateRequestsByMonthResponse = /* @__PURE__ */ lazy(() => z.array(zAnalyticsMonthCount()));

export const zAggregateRequestsByWeekPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zAggregateRequestsByWeekResponse = /* @__PURE__ */ lazy(() => z.array(zAnalyticsWeekCount()));

export const zAggregateRequestsByHourPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zAggregateRequestsByHourQuery = /* @__PURE__ */ lazy(() => z.object({
    timezone: z._default(z.optional(z.string()), '+00:00')
}));

export const zAggregateRequestsByHourResponse = /* @__PURE__ */ lazy(() => z.array(zAnalyticsHourCount()).check(z.maxLength(24)));

export const zGetRequestDurationPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zGetRequestDurationResponse = /* @__PURE__ */ lazy(() => z.array(zAnalyticsDuration()).check(z.maxLength(1)));

export const zGetRequestSatisfactionPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zGetRequestSatisfactionResponse = /* @__PURE__ */ lazy(() => z.array(zAnalyticsSatisfaction()).check(z.maxLength(1)));

export const zCountRequestsWithBotPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zCountRequestsWithBotResponse = /* @__PURE__ */ lazy(() => z.array(zAnalyticsTotalCount()).check(z.maxLength(1)));

export const zCountMessagesPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zCountMessagesQuery = /* @__PURE__ */ lazy(() => z.object({
    sender: z.optional(z.string()),
    recipient: z.optional(z.string()),
    attributes: z.optional(z.record(z.string(), z.string())),
    attributes_answerid: z.optional(z.string())
}));

export const zCountMessagesResponse = /* @__PURE__ */ lazy(() => z.array(zAnalyticsTotalCount()).check(z.maxLength(1)));

export const zAggregateMessagesByDayPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zAggregateMessagesByDayQuery = /* @__PURE__ */ lazy(() => z.object({
    lastdays: z._default(z.optional(z.int().check(z.gte(1))), 7),
    sender: z.optional(z.string()),
    recipient: z.optional(z.string()),
    channel: z.optional(z.string())
}));

export const zAggregateMessagesByDayResponse = /* @__PURE__ */ lazy(() => z.array(zAnalyticsDayCount()));

export const zListConversationsPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zListConversationsQuery = /* @__PURE__ */ lazy(() => z.object({
    status: z.optional(z.string().check(z.minLength(1))),
    page: z._default(z.optional(z.int().check(z.gte(0))), 0),
    limit: z._default(z.optional(z.int().check(z.gte(1), z.lte(100))), 40),
    sort: z._default(z.optional(z.string().check(z.regex(/^(?:[^$.][^.]*(?:\.[^$.][^.]*)*)?$/))), 'createdAt'),
    direction: z._default(z.optional(z.union([z.literal(-1), z.literal(1)])), -1),
    dept_id: z.optional(zObjectId()),
    lead: z.optional(zObjectId()),
    participant: z.optional(z.string().check(z.minLength(1))),
    requester_email: z.optional(z.string().check(z.minLength(1))),
    hasbot: z.optional(z.boolean()),
    ticket_id: z.optional(z.int().check(z.gte(1))),
    preflight: z._default(z.optional(z.boolean()), false),
    no_populate: z._default(z.optional(z.boolean()), false),
    no_count: z._default(z.optional(z.boolean()), false)
}));

export const zListConversationsResponse = /* @__PURE__ */ lazy(() => zConversationList());

export const zGetConversationPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    request_id: z.string().check(z.minLength(1))
}));

export const zGetConversationResponse = /* @__PURE__ */ lazy(() => zStoredConversation());

export const zUpdateConversationBody = /* @__PURE__ */ lazy(() => zConversationUpdateRequest());

export const zUpdateConversationPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    request_id: z.string().check(z.minLength(1))
}));

export const zUpdateConversationResponse = /* @__PURE__ */ lazy(() => zStoredConversation());

export const zCloseConversationBody = /* @__PURE__ */ lazy(() => zConversationCloseRequest());

export const zCloseConversationPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    request_id: z.string().check(z.minLength(1))
}));

export const zCloseConversationResponse = /* @__PURE__ */ lazy(() => zStoredConversation());

export const zReopenConversationPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    request_id: z.string().check(z.minLength(1))
}));

export const zReopenConversationResponse = /* @__PURE__ */ lazy(() => zStoredConversation());

export const zListMessagesPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    request_id: z.string().check(z.minLength(1))
}));

export const zListMessagesResponse = /* @__PURE__ */ lazy(() => z.array(z.intersection(z.union([
    zMessage(),
    zInfoMessage()
]), z.object({
    senderFullname: z.string(),
    channel_type: z.string(),
    channel: z.nullable(z.record(z.string(), z.unknown())),
    status: z.number(),
    createdBy: z.string(),
    createdAt: zTimestamp(),
    updatedAt: zTimestamp(),
    __v: z.int()
}))));

export const zCreateMessageBody = /* @__PURE__ */ lazy(() => zMessageCreateRequest());

export const zCreateMessagePath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    request_id: z.string().check(z.minLength(1))
}));

export const zCreateMessageResponse = /* @__PURE__ */ lazy(() => z.intersection(zMessage(), z.object({
    senderFullname: z.string(),
    channel_type: z.string(),
    channel: z.nullable(z.record(z.string(), z.unknown())),
    status: z.number(),
    createdBy: z.string(),
    createdAt: zTimestamp(),
    updatedAt: zTimestamp(),
    __v: z.int(),
    request: z.intersection(zConversation(), z.object({
        _id: zObjectId(),
        request_id: z.string(),
        first_text: z.string(),
        status: z.number(),
        participants: z.array(z.string()),
        hasBot: z.boolean(),
        id_project: zObjectId(),
        createdBy: z.string(),
        createdAt: zTimestamp(),
        updatedAt: zTimestamp(),
        __v: z.int()
    }))
})));

export const zAddConversationParticipantBody = /* @__PURE__ */ lazy(() => zConversationParticipantAddRequest());

export const zAddConversationParticipantPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    request_id: z.string().check(z.minLength(1))
}));

export const zAddConversationParticipantResponse = /* @__PURE__ */ lazy(() => zStoredConversation());

export const zSetConversationParticipantsBody = /* @__PURE__ */ lazy(() => zConversationParticipantsSetRequest());

export const zSetConversationParticipantsPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    request_id: z.string().check(z.minLength(1))
}));

export const zSetConversationParticipantsResponse = /* @__PURE__ */ lazy(() => zStoredConversation());

export const zRemoveConversationParticipantPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    request_id: z.string().check(z.minLength(1)),
    participant_id: z.string().check(z.minLength(1))
}));

export const zRemoveConversationParticipantResponse = /* @__PURE__ */ lazy(() => zStoredConversation());

export const zAssignConversationBody = /* @__PURE__ */ lazy(() => zConversationAssignRequest());

export const zAssignConversationPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    request_id: z.string().check(z.minLength(1))
}));

export const zAssignConversationResponse = /* @__PURE__ */ lazy(() => zStoredConversation());

export const zTransferConversationToAgentPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    request_id: z.string().check(z.minLength(1))
}));

export const zTransferConversationToAgentResponse = /* @__PURE__ */ lazy(() => zStoredConversation());

export const zListDepartmentsPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zListDepartmentsQuery = /* @__PURE__ */ lazy(() => z.object({
    sort: z.optional(z.string())
}));

export const zListDepartmentsResponse = /* @__PURE__ */ lazy(() => z.array(zDepartment()));

export const zGetDepartmentPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    department_id: z.union([
        zObjectId(),
        z.literal('default')
    ])
}));

export const zGetDepartmentResponse = /* @__PURE__ */ lazy(() => z.nullable(zDepartment()));

export const zListSubscriptionsPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zListSubscriptionsResponse = /* @__PURE__ */ lazy(() => z.array(z.union([zSubscriptionSummary(), zSubscriptionUpserted()])));

export const zCreateSubscriptionBody = /* @__PURE__ */ lazy(() => zSubscriptionCreateRequest());

export const zCreateSubscriptionPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zCreateSubscriptionResponse = /* @__PURE__ */ lazy(() => zSubscription());

export const zDeleteSubscriptionPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    subscription_id: zObjectId()
}));

export const zDeleteSubscriptionResponse = /* @__PURE__ */ lazy(() => z.nullable(z.union([
    zSubscriptionSummary(),
    zSubscriptionUpserted()
])));

export const zGetSubscriptionPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    subscription_id: zObjectId()
}));

export const zGetSubscriptionResponse = /* @__PURE__ */ lazy(() => z.union([
    zSubscriptionSummary(),
    zSubscriptionUpserted()
]));

export const zUpdateSubscriptionBody = /* @__PURE__ */ lazy(() => zSubscriptionUpdateRequest());

export const zUpdateSubscriptionPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    subscription_id: zObjectId()
}));

export const zUpdateSubscriptionResponse = /* @__PURE__ */ lazy(() => z.union([
    zSubscriptionSummary(),
    zSubscriptionUpserted()
]));

export const zMessageCreateEventWebhookRequest = /* @__PURE__ */ lazy(() => z.object({
    body: zMessageCreateEvent(),
    path: z.optional(z.never()),
    query: z.optional(z.never()),
    headers: z.object({
        'x-hook-secret': z.string(),
        'User-Agent': z.optional(z.string()),
        Origin: z.optional(z.string())
    })
}));

export const zConversationCreateEventWebhookRequest = /* @__PURE__ */ lazy(() => z.object({
    body: zConversationEvent(),
    path: z.optional(z.never()),
    query: z.optional(z.never()),
    headers: z.object({
        'x-hook-secret': z.string(),
        'User-Agent': z.optional(z.string()),
        Origin: z.optional(z.string())
    })
}));

export const zConversationUpdateEventWebhookRequest = /* @__PURE__ */ lazy(() => z.object({
    body: zConversationEvent(),
    path: z.optional(z.never()),
    query: z.optional(z.never()),
    headers: z.object({
        'x-hook-secret': z.string(),
        'User-Agent': z.optional(z.string()),
        Origin: z.optional(z.string())
    })
}));

export const zConversationCloseEventWebhookRequest = /* @__PURE__ */ lazy(() => z.object({
    body: zConversationCloseEvent(),
    path: z.optional(z.never()),
    query: z.optional(z.never()),
    headers: z.object({
        'x-hook-secret': z.string(),
        'User-Agent': z.optional(z.string()),
        Origin: z.optional(z.string())
    })
}));

export const zLeadCreateEventWebhookRequest = /* @__PURE__ */ lazy(() => z.object({
    body: zLeadCreateEvent(),
    path: z.optional(z.never()),
    query: z.optional(z.never()),
    headers: z.object({
        'x-hook-secret': z.string(),
        'User-Agent': z.optional(z.string()),
        Origin: z.optional(z.string())
    })
}));

export const zGroupCreateEventWebhookRequest = /* @__PURE__ */ lazy(() => z.object({
    body: zGroupEvent(),
    path: z.optional(z.never()),
    query: z.optional(z.never()),
    headers: z.object({
        'x-hook-secret': z.string(),
        'User-Agent': z.optional(z.string()),
        Origin: z.optional(z.string())
    })
}));

export const zGroupUpdateEventWebhookRequest = /* @__PURE__ */ lazy(() => z.object({
    body: zGroupEvent(),
    path: z.optional(z.never()),
    query: z.optional(z.never()),
    headers: z.object({
        'x-hook-secret': z.string(),
        'User-Agent': z.optional(z.string()),
        Origin: z.optional(z.string())
    })
}));

export const zGroupDeleteEventWebhookRequest = /* @__PURE__ */ lazy(() => z.object({
    body: zGroupEvent(),
    path: z.optional(z.never()),
    query: z.optional(z.never()),
    headers: z.object({
        'x-hook-secret': z.string(),
        'User-Agent': z.optional(z.string()),
        Origin: z.optional(z.string())
    })
}));

export const zDepartmentCreateEventWebhookRequest = /* @__PURE__ */ lazy(() => z.object({
    body: zDepartmentEvent(),
    path: z.optional(z.never()),
    query: z.optional(z.never()),
    headers: z.object({
        'x-hook-secret': z.string(),
        'User-Agent': z.optional(z.string()),
        Origin: z.optional(z.string())
    })
}));

export const zDepartmentUpdateEventWebhookRequest = /* @__PURE__ */ lazy(() => z.object({
    body: zDepartmentEvent(),
    path: z.optional(z.never()),
    query: z.optional(z.never()),
    headers: z.object({
        'x-hook-secret': z.string(),
        'User-Agent': z.optional(z.string()),
        Origin: z.optional(z.string())
    })
}));

export const zDepartmentDeleteEventWebhookRequest = /* @__PURE__ */ lazy(() => z.object({
    body: zDepartmentEvent(),
    path: z.optional(z.never()),
    query: z.optional(z.never()),
    headers: z.object({
        'x-hook-secret': z.string(),
        'User-Agent': z.optional(z.string()),
        Origin: z.optional(z.string())
    })
}));

export const zTeammateInviteEventWebhookRequest = /* @__PURE__ */ lazy(() => z.object({
    body: zTeammateEvent(),
    path: z.optional(z.never()),
    query: z.optional(z.never()),
    headers: z.object({
        'x-hook-secret': z.string(),
        'User-Agent': z.optional(z.string()),
        Origin: z.optional(z.string())
    })
}));

export const zTeammateUpdateEventWebhookRequest = /* @__PURE__ */ lazy(() => z.object({
    body: zTeammateEvent(),
    path: z.optional(z.never()),
    query: z.optional(z.never()),
    headers: z.object({
        'x-hook-secret': z.string(),
        'User-Agent': z.optional(z.string()),
        Origin: z.optional(z.string())
    })
}));

export const zTeammateUpdateAgentEventWebhookRequest = /* @__PURE__ */ lazy(() => z.object({
    body: zTeammateEvent(),
    path: z.optional(z.never()),
    query: z.optional(z.never()),
    headers: z.object({
        'x-hook-secret': z.string(),
        'User-Agent': z.optional(z.string()),
        Origin: z.optional(z.string())
    })
}));

export const zTeammateDeleteEventWebhookRequest = /* @__PURE__ */ lazy(() => z.object({
    body: zTeammateEvent(),
    path: z.optional(z.never()),
    query: z.optional(z.never()),
    headers: z.object({
        'x-hook-secret': z.string(),
        'User-Agent': z.optional(z.string()),
        Origin: z.optional(z.string())
    })
}));

export const zOperatorSelectEventWebhookRequest = /* @__PURE__ */ lazy(() => z.object({
    body: zOperatorSelectEvent(),
    path: z.optional(z.never()),
    query: z.optional(z.never()),
    headers: z.object({
        'x-hook-secret': z.string(),
        'User-Agent': z.optional(z.string()),
        Origin: z.optional(z.string())
    })
}));

export const zFaqbotCreateEventWebhookRequest = /* @__PURE__ */ lazy(() => z.object({
    body: zFaqBotEvent(),
    path: z.optional(z.never()),
    query: z.optional(z.never()),
    headers: z.object({
        'x-hook-secret': z.string(),
        'User-Agent': z.optional(z.string()),
        Origin: z.optional(z.string())
    })
}));

export const zFaqbotUpdateEventWebhookRequest = /* @__PURE__ */ lazy(() => z.object({
    body: zFaqBotEvent(),
    path: z.optional(z.never()),
    query: z.optional(z.never()),
    headers: z.object({
        'x-hook-secret': z.string(),
        'User-Agent': z.optional(z.string()),
        Origin: z.optional(z.string())
    })
}));

export const zFaqbotDeleteEventWebhookRequest = /* @__PURE__ */ lazy(() => z.object({
    body: zFaqBotEvent(),
    path: z.optional(z.never()),
    query: z.optional(z.never()),
    headers: z.object({
        'x-hook-secret': z.string(),
        'User-Agent': z.optional(z.string()),
        Origin: z.optional(z.string())
    })
}));

export const zFaqCreateEventWebhookRequest = /* @__PURE__ */ lazy(() => z.object({
    body: zFaqEvent(),
    path: z.optional(z.never()),
    query: z.optional(z.never()),
    headers: z.object({
        'x-hook-secret': z.string(),
        'User-Agent': z.optional(z.string()),
        Origin: z.optional(z.string())
    })
}));

export const zFaqUpdateEventWebhookRequest = /* @__PURE__ */ lazy(() => z.object({
    body: zFaqEvent(),
    path: z.optional(z.never()),
    query: z.optional(z.never()),
    headers: z.object({
        'x-hook-secret': z.string(),
        'User-Agent': z.optional(z.string()),
        Origin: z.optional(z.string())
    })
}));

export const zFaqDeleteEventWebhookRequest = /* @__PURE__ */ lazy(() => z.object({
    body: zFaqEvent(),
    path: z.optional(z.never()),
    query: z.optional(z.never()),
    headers: z.object({
        'x-hook-secret': z.string(),
        'User-Agent': z.optional(z.string()),
        Origin: z.optional(z.string())
    })
}));

export const zProjectUpdateEventWebhookRequest = /* @__PURE__ */ lazy(() => z.object({
    body: zProjectEvent(),
    path: z.optional(z.never()),
    query: z.optional(z.never()),
    headers: z.object({
        'x-hook-secret': z.string(),
        'User-Agent': z.optional(z.string()),
        Origin: z.optional(z.string())
    })
}));

export const zProjectDowngradeEventWebhookRequest = /* @__PURE__ */ lazy(() => z.object({
    body: zProjectEvent(),
    path: z.optional(z.never()),
    query: z.optional(z.never()),
    headers: z.object({
        'x-hook-secret': z.string(),
        'User-Agent': z.optional(z.string()),
        Origin: z.optional(z.string())
    })
}));

export const zProjectDeleteEventWebhookRequest = /* @__PURE__ */ lazy(() => z.object({
    body: zProjectEvent(),
    path: z.optional(z.never()),
    query: z.optional(z.never()),
    headers: z.object({
        'x-hook-secret': z.string(),
        'User-Agent': z.optional(z.string()),
        Origin: z.optional(z.string())
    })
}));

export const zEventEmitEventWebhookRequest = /* @__PURE__ */ lazy(() => z.object({
    body: zEventEmitEvent(),
    path: z.optional(z.never()),
    query: z.optional(z.never()),
    headers: z.object({
        'x-hook-secret': z.string(),
        'User-Agent': z.optional(z.string()),
        Origin: z.optional(z.string())
    })
}));
