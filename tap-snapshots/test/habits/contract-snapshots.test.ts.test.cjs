/* IMPORTANT
 * This snapshot file is auto-generated, but designed for humans.
 * It should be checked into source control and tracked carefully.
 * Re-generate by setting TAP_SNAPSHOT=1 and running tests.
 * Make sure to inspect the output below.  Do not ignore changes!
 */
'use strict'
exports[`test/habits/contract-snapshots.test.ts > TAP > /openapi.json for one base URL > openapi.json 1`] = `
{
  "openapi": "3.1.0",
  "info": {
    "title": "Store Finder and In-Store Stock API",
    "version": "1.0.0",
    "summary": "Find Daiso (다이소) stores in Korea, then products in stock at a store with floor and zone, and which nearby store has a product.",
    "description": "A public, anonymous, free API: no key, no sign-up. Find a store (searchStores), then search products in stock there (searchStoreProducts with the store code as branchCode), then one product’s availability here and at nearby stores (getProductAvailability).\\n\\nEvery non-2xx response is JSON in the Error shape; branch on \`code\`. The product search can stream NDJSON progress events (stream=1). A sandbox under /api/sandbox answers from fixture data and never contacts the upstream service. The same operations are MCP tools at /api/mcp.",
    "license": {
      "name": "MIT",
      "identifier": "MIT"
    }
  },
  "servers": [
    {
      "url": "http://api.test",
      "description": "This server."
    }
  ],
  "security": [],
  "tags": [
    {
      "name": "Discovery",
      "description": "The API index."
    },
    {
      "name": "Stores",
      "description": "Find stores by keyword or coordinates, or get one by code."
    },
    {
      "name": "Products",
      "description": "Products in stock at a store with floor and zone; one product’s availability here and nearby."
    },
    {
      "name": "Sandbox",
      "description": "The same operations on fixed fixture data; never contacts the upstream service."
    },
    {
      "name": "MCP",
      "description": "Model Context Protocol over Streamable HTTP (JSON-RPC 2.0)."
    },
    {
      "name": "Operations",
      "description": "Liveness, readiness and the upstream check, for operators and monitors."
    }
  ],
  "paths": {
    "/api": {
      "get": {
        "operationId": "getApiIndex",
        "summary": "API index",
        "description": "Every public endpoint and discovery document.",
        "tags": [
          "Discovery"
        ],
        "responses": {
          "200": {
            "description": "The API index.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ApiIndex"
                }
              }
            }
          },
          "default": {
            "description": "Any other error, in the Error shape (for example 405 method_not_allowed, 429, 503 with Retry-After).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          }
        }
      }
    },
    "/healthz": {
      "get": {
        "operationId": "getHealth",
        "summary": "Liveness",
        "description": "The process is alive. Makes no upstream call.",
        "tags": [
          "Operations"
        ],
        "responses": {
          "200": {
            "description": "Alive.",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "properties": {
                    "status": {
                      "type": "string",
                      "const": "ok"
                    },
                    "version": {
                      "type": "string"
                    },
                    "uptimeSeconds": {
                      "type": "number"
                    }
                  },
                  "required": [
                    "status",
                    "version",
                    "uptimeSeconds"
                  ],
                  "additionalProperties": false
                }
              }
            }
          },
          "default": {
            "description": "Any other error, in the Error shape (for example 405 method_not_allowed, 429, 503 with Retry-After).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          }
        }
      }
    },
    "/readyz": {
      "get": {
        "operationId": "getReadiness",
        "summary": "Readiness, circuit state and upstream budget",
        "description": "Ready to serve (503 while shutting down). \`degraded\` while the circuit breaker toward the upstream is open, or while the fleet's Redis (REDIS_URL) is lost. Makes no upstream call.",
        "tags": [
          "Operations"
        ],
        "responses": {
          "200": {
            "description": "Ready or degraded.",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "properties": {
                    "status": {
                      "type": "string",
                      "enum": [
                        "ready",
                        "degraded"
                      ]
                    },
                    "upstream": {
                      "type": "object",
                      "properties": {
                        "url": {
                          "type": "string"
                        },
                        "simulated": {
                          "type": "boolean"
                        }
                      },
                      "required": [
                        "url",
                        "simulated"
                      ],
                      "additionalProperties": false
                    },
                    "circuit": {
                      "type": "object",
                      "properties": {
                        "state": {
                          "type": "string"
                        },
                        "consecutiveFailures": {
                          "type": "number"
                        },
                        "opens": {
                          "type": "number"
                        },
                        "retryAfterSeconds": {
                          "type": "number"
                        }
                      },
                      "required": [
                        "state",
                        "consecutiveFailures",
                        "opens",
                        "retryAfterSeconds"
                      ],
                      "additionalProperties": false
                    },
                    "budget": {
                      "type": "object",
                      "properties": {
                        "running": {
                          "type": "number"
                        },
                        "queued": {
                          "type": "number"
                        },
                        "maxRunning": {
                          "type": "number"
                        },
                        "started": {
                          "type": "number"
                        },
                        "rejected": {
                          "type": "number"
                        }
                      },
                      "required": [
                        "running",
                        "queued",
                        "maxRunning",
                        "started",
                        "rejected"
                      ],
                      "additionalProperties": false
                    },
                    "cache": {
                      "type": "object",
                      "properties": {
                        "hits": {
                          "type": "number"
                        },
                        "misses": {
                          "type": "number"
                        },
                        "coalesced": {
                          "type": "number"
                        },
                        "entries": {
                          "type": "number"
                        }
                      },
                      "required": [
                        "hits",
                        "misses",
                        "coalesced",
                        "entries"
                      ],
                      "additionalProperties": false
                    },
                    "preauthTokensFetched": {
                      "type": "number"
                    },
                    "shared": {
                      "description": "Only with REDIS_URL: the fleet's Redis. Not connected: this instance answers alone, on its local share of the budget.",
                      "type": "object",
                      "properties": {
                        "url": {
                          "type": "string"
                        },
                        "connected": {
                          "type": "boolean"
                        },
                        "lostSince": {
                          "type": [
                            "string",
                            "null"
                          ]
                        },
                        "fleetSize": {
                          "type": "number"
                        },
                        "failures": {
                          "type": "number"
                        }
                      },
                      "required": [
                        "url",
                        "connected",
                        "lostSince",
                        "fleetSize",
                        "failures"
                      ],
                      "additionalProperties": false
                    },
                    "directory": {
                      "description": "The chain's store list held in memory (STORE_DIRECTORY=on): its size, age (stale past STORE_DIRECTORY_REFRESH_MS, still answering), where it came from, the last crawl's outcome (refused: below 90 % of the held list or of the upstream's total), the backoff, and why a list or copy was kept or refused (docs/operations.md#the-store-directorys-bounds). Until a list is held, store searches ask the upstream.",
                      "type": "object",
                      "properties": {
                        "state": {
                          "type": "string",
                          "enum": [
                            "empty",
                            "building",
                            "ready"
                          ]
                        },
                        "size": {
                          "type": "number"
                        },
                        "builtAt": {
                          "type": [
                            "string",
                            "null"
                          ]
                        },
                        "ageSeconds": {
                          "type": [
                            "number",
                            "null"
                          ]
                        },
                        "source": {
                          "anyOf": [
                            {
                              "type": "string",
                              "enum": [
                                "crawl",
                                "disk",
                                "fleet"
                              ]
                            },
                            {
                              "type": "null"
                            }
                          ]
                        },
                        "lastCrawl": {
                          "anyOf": [
                            {
                              "type": "object",
                              "properties": {
                                "at": {
                                  "type": "string"
                                },
                                "outcome": {
                                  "type": "string",
                                  "enum": [
                                    "ok",
                                    "short",
                                    "refused",
                                    "failed"
                                  ]
                                },
                                "calls": {
                                  "type": "number"
                                },
                                "durationMs": {
                                  "type": "number"
                                },
                                "stores": {
                                  "type": "number"
                                },
                                "total": {
                                  "type": [
                                    "number",
                                    "null"
                                  ]
                                },
                                "detail": {
                                  "type": "string"
                                }
                              },
                              "required": [
                                "at",
                                "outcome",
                                "calls",
                                "durationMs",
                                "stores",
                                "total"
                              ],
                              "additionalProperties": false
                            },
                            {
                              "type": "null"
                            }
                          ]
                        },
                        "crawls": {
                          "type": "number"
                        },
                        "stale": {
                          "type": "boolean"
                        },
                        "crawlsLastHour": {
                          "type": "number"
                        },
                        "failures": {
                          "type": "number"
                        },
                        "nextRefreshAt": {
                          "type": [
                            "string",
                            "null"
                          ]
                        },
                        "problem": {
                          "type": [
                            "string",
                            "null"
                          ]
                        },
                        "refusedCopies": {
                          "type": "array",
                          "items": {
                            "type": "string"
                          }
                        },
                        "diskProblem": {
                          "type": [
                            "string",
                            "null"
                          ]
                        }
                      },
                      "required": [
                        "state",
                        "size",
                        "builtAt",
                        "ageSeconds",
                        "source",
                        "lastCrawl",
                        "crawls",
                        "stale",
                        "crawlsLastHour",
                        "failures",
                        "nextRefreshAt",
                        "problem",
                        "refusedCopies",
                        "diskProblem"
                      ],
                      "additionalProperties": false
                    },
                    "products": {
                      "description": "The chain's catalogue held in memory (PRODUCT_INDEX=on): its size, mode (\`listing\`: the upstream lists its catalogue and the index holds all of it; \`growing\`: it does not, and the index holds the products seen in catalogue answers; \`unknown\`: not found out yet), where the list came from, its age, the last refresh and the last listing's outcome.",
                      "type": "object",
                      "properties": {
                        "size": {
                          "type": "number"
                        },
                        "mode": {
                          "type": "string",
                          "enum": [
                            "listing",
                            "growing",
                            "unknown"
                          ]
                        },
                        "source": {
                          "type": "string",
                          "enum": [
                            "crawl",
                            "disk",
                            "fleet",
                            "learned",
                            "none"
                          ]
                        },
                        "builtAt": {
                          "type": [
                            "string",
                            "null"
                          ]
                        },
                        "ageSeconds": {
                          "type": [
                            "number",
                            "null"
                          ]
                        },
                        "lastRefreshAt": {
                          "type": [
                            "string",
                            "null"
                          ]
                        },
                        "lastRefreshError": {
                          "type": [
                            "string",
                            "null"
                          ]
                        },
                        "learned": {
                          "type": "number"
                        },
                        "lastListing": {
                          "anyOf": [
                            {
                              "type": "object",
                              "properties": {
                                "at": {
                                  "type": "string"
                                },
                                "outcome": {
                                  "type": "string",
                                  "enum": [
                                    "ok",
                                    "refused",
                                    "short",
                                    "implausible",
                                    "failed"
                                  ]
                                },
                                "calls": {
                                  "type": "number"
                                },
                                "durationMs": {
                                  "type": "number"
                                },
                                "products": {
                                  "type": "number"
                                },
                                "total": {
                                  "type": [
                                    "number",
                                    "null"
                                  ]
                                },
                                "detail": {
                                  "type": "string"
                                }
                              },
                              "required": [
                                "at",
                                "outcome",
                                "calls",
                                "durationMs",
                                "products",
                                "total"
                              ],
                              "additionalProperties": false
                            },
                            {
                              "type": "null"
                            }
                          ]
                        }
                      },
                      "required": [
                        "size",
                        "mode",
                        "source",
                        "builtAt",
                        "ageSeconds",
                        "lastRefreshAt",
                        "lastRefreshError",
                        "learned",
                        "lastListing"
                      ],
                      "additionalProperties": false
                    },
                    "activeScans": {
                      "type": "number"
                    },
                    "openStreams": {
                      "type": "number"
                    }
                  },
                  "required": [
                    "status",
                    "upstream",
                    "circuit",
                    "budget",
                    "cache",
                    "preauthTokensFetched",
                    "activeScans",
                    "openStreams"
                  ],
                  "additionalProperties": false
                }
              }
            }
          },
          "503": {
            "description": "Shutting down (shutting_down).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                },
                "example": {
                  "error": "요청이 몰려 잠시 처리할 수 없습니다. 잠시 후 다시 시도해 주세요.",
                  "code": "overloaded",
                  "message": "The service is at its upstream budget; retry shortly.",
                  "hint": "Retry after 1 s; keep to a few requests per second.",
                  "status": 503,
                  "documentation": "http://api.test/developers#errors"
                }
              }
            }
          },
          "default": {
            "description": "Any other error, in the Error shape (for example 405 method_not_allowed, 429, 503 with Retry-After).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          }
        }
      }
    },
    "/api/health/upstream": {
      "get": {
        "operationId": "getUpstreamHealth",
        "summary": "Deep upstream check",
        "description": "Probes each upstream step (store search, catalogue search, pre-auth, stock, placement) with per-step status, latency and field-level drift of the raw reply from the committed shapes. Cached for 30 s. 503 in the Error shape, with the steps, when any step fails; drift alone leaves it 200.",
        "tags": [
          "Operations"
        ],
        "responses": {
          "200": {
            "description": "Every step answered (each step's \`drift\` may still name changed fields).",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "properties": {
                    "ok": {
                      "type": "boolean"
                    },
                    "checkedAt": {
                      "type": "string"
                    },
                    "steps": {
                      "type": "array",
                      "items": {
                        "type": "object",
                        "properties": {
                          "step": {
                            "type": "string"
                          },
                          "ok": {
                            "type": "boolean"
                          },
                          "latencyMs": {
                            "type": "number"
                          },
                          "detail": {
                            "description": "Why the step failed; on success, what it found.",
                            "type": "string"
                          },
                          "drift": {
                            "type": "array",
                            "items": {
                              "type": "object",
                              "properties": {
                                "change": {
                                  "type": "string",
                                  "enum": [
                                    "added",
                                    "missing",
                                    "changed"
                                  ]
                                },
                                "path": {
                                  "type": "string",
                                  "description": "The field path in the raw reply, e.g. \`data[].name\`: arrays are merged over their items."
                                },
                                "expected": {
                                  "description": "The JSON type(s) the committed snapshot has (missing, changed).",
                                  "type": "string"
                                },
                                "actual": {
                                  "description": "The JSON type(s) the live reply has (added, changed).",
                                  "type": "string"
                                }
                              },
                              "required": [
                                "change",
                                "path"
                              ],
                              "additionalProperties": false
                            },
                            "description": "How the step's raw reply differs field by field from the committed shape of the recorded sample; empty when it does not. A reply that drifted but still validates leaves the step ok."
                          }
                        },
                        "required": [
                          "step",
                          "ok",
                          "latencyMs",
                          "drift"
                        ],
                        "additionalProperties": false
                      }
                    }
                  },
                  "required": [
                    "ok",
                    "checkedAt",
                    "steps"
                  ],
                  "additionalProperties": false
                }
              }
            }
          },
          "503": {
            "description": "A step failed (upstream_unavailable): the Error shape plus \`checkedAt\` and \`steps\`.",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "properties": {
                    "error": {
                      "type": "string",
                      "description": "Human-readable message in Korean, for end users."
                    },
                    "code": {
                      "type": "string",
                      "enum": [
                        "missing_parameter",
                        "invalid_parameter",
                        "not_found",
                        "route_not_found",
                        "method_not_allowed",
                        "not_acceptable",
                        "request_timeout",
                        "payload_too_large",
                        "unsupported_media_type",
                        "expectation_failed",
                        "headers_too_large",
                        "rate_limited",
                        "internal_error",
                        "upstream_error",
                        "overloaded",
                        "upstream_unavailable",
                        "shutting_down"
                      ],
                      "description": "Stable machine-readable code."
                    },
                    "message": {
                      "type": "string",
                      "description": "Human-readable message in English, for agents and logs."
                    },
                    "hint": {
                      "type": "string",
                      "description": "What to change so the request succeeds."
                    },
                    "status": {
                      "type": "integer",
                      "description": "HTTP status code, repeated in the body."
                    },
                    "documentation": {
                      "type": "string",
                      "format": "uri",
                      "description": "Developer documentation URL."
                    },
                    "detail": {
                      "description": "Upstream or exception detail, for debugging.",
                      "type": "string"
                    },
                    "checkedAt": {
                      "type": "string"
                    },
                    "steps": {
                      "type": "array",
                      "items": {
                        "type": "object",
                        "properties": {
                          "step": {
                            "type": "string"
                          },
                          "ok": {
                            "type": "boolean"
                          },
                          "latencyMs": {
                            "type": "number"
                          },
                          "detail": {
                            "description": "Why the step failed; on success, what it found.",
                            "type": "string"
                          },
                          "drift": {
                            "type": "array",
                            "items": {
                              "type": "object",
                              "properties": {
                                "change": {
                                  "type": "string",
                                  "enum": [
                                    "added",
                                    "missing",
                                    "changed"
                                  ]
                                },
                                "path": {
                                  "type": "string",
                                  "description": "The field path in the raw reply, e.g. \`data[].name\`: arrays are merged over their items."
                                },
                                "expected": {
                                  "description": "The JSON type(s) the committed snapshot has (missing, changed).",
                                  "type": "string"
                                },
                                "actual": {
                                  "description": "The JSON type(s) the live reply has (added, changed).",
                                  "type": "string"
                                }
                              },
                              "required": [
                                "change",
                                "path"
                              ],
                              "additionalProperties": false
                            },
                            "description": "How the step's raw reply differs field by field from the committed shape of the recorded sample; empty when it does not. A reply that drifted but still validates leaves the step ok."
                          }
                        },
                        "required": [
                          "step",
                          "ok",
                          "latencyMs",
                          "drift"
                        ],
                        "additionalProperties": false
                      }
                    }
                  },
                  "required": [
                    "error",
                    "code",
                    "message",
                    "hint",
                    "status",
                    "documentation",
                    "checkedAt",
                    "steps"
                  ],
                  "additionalProperties": false
                }
              }
            }
          }
        }
      }
    },
    "/api/branches/search": {
      "get": {
        "operationId": "searchStores",
        "summary": "Search stores by keyword or coordinates",
        "description": "Find Daiso (다이소) stores by keyword (address, neighbourhood, station or store name, typed as people do: \\"강남역 다이소\\", \\"홍대입구역 근처\\", \\"부산 해운대\\") or by GPS coordinates (nearest first, each store with distanceKm). Matched against the chain's store list held in memory: store name, station form (…역 ↔ …점), address parts (province, city, district, neighbourhood, road, building) and their romanisations (Itaewon); the chain's name, filler and question words (근처, 어디 있어, 몇시까지) are ignored, and exact store-name matches come first. A station or landmark no store is named after (경복궁, 선릉역, Gwangalli Beach) answers the stores nearest it, and \`near\` (a place in words) stands for curLttd and curLitd; the place understood travels in the Search-Place header (percent-encoded JSON: name, nameEn, kind, latitude, longitude, others). A word no store has is left out and named in the Search-Ignored header (percent-encoded); an empty answer carries a Search-Hint header saying what to try instead. \`facility\` keeps stores that list it (parking, taxFree …). A full page means more results may exist on the next currentPage.",
        "tags": [
          "Stores"
        ],
        "parameters": [
          {
            "name": "keyword",
            "in": "query",
            "required": false,
            "description": "Place or store name in Korean (e.g. 강남역).",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 100
            },
            "example": "강남"
          },
          {
            "name": "curLttd",
            "in": "query",
            "required": false,
            "description": "Latitude, with curLitd.",
            "schema": {
              "type": "number",
              "minimum": 32.8,
              "maximum": 38.9
            },
            "example": 37.4979
          },
          {
            "name": "curLitd",
            "in": "query",
            "required": false,
            "description": "Longitude, with curLttd.",
            "schema": {
              "type": "number",
              "minimum": 124.5,
              "maximum": 132
            },
            "example": 127.0276
          },
          {
            "name": "near",
            "in": "query",
            "required": false,
            "description": "A place name.",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 100
            }
          },
          {
            "name": "facility",
            "in": "query",
            "required": false,
            "description": "Only stores with it (ramp: step-free; cashless: cards only).",
            "schema": {
              "type": "string",
              "enum": [
                "parking",
                "elevator",
                "ramp",
                "taxFree",
                "pickup",
                "usim",
                "overseasUsim",
                "cashless",
                "eReceipt",
                "photoSticker"
              ]
            }
          },
          {
            "name": "openNow",
            "in": "query",
            "required": false,
            "description": "true: only stores open now.",
            "schema": {
              "type": "boolean"
            }
          },
          {
            "name": "currentPage",
            "in": "query",
            "required": false,
            "description": "Page; pass nextPage to continue.",
            "schema": {
              "default": 1,
              "type": "integer",
              "minimum": 1,
              "maximum": 1000
            },
            "example": 1
          },
          {
            "name": "pageSize",
            "in": "query",
            "required": false,
            "description": "Stores per page.",
            "schema": {
              "default": 10,
              "type": "integer",
              "minimum": 1,
              "maximum": 10
            },
            "example": 10
          }
        ],
        "responses": {
          "200": {
            "description": "Stores, at most pageSize.",
            "content": {
              "application/json": {
                "schema": {
                  "type": "array",
                  "items": {
                    "$ref": "#/components/schemas/Store"
                  }
                },
                "example": [
                  {
                    "code": "11199",
                    "name": "강남역점",
                    "lat": 37.497175,
                    "lng": 127.027926,
                    "address": "서울특별시 강남구 강남대로 422 (역삼동)",
                    "openTime": "10:00",
                    "closeTime": "22:00",
                    "openNow": true
                  }
                ]
              }
            }
          },
          "400": {
            "description": "missing_parameter: A required parameter is absent. invalid_parameter: A parameter is malformed or out of range, a keyword names no place or product, the store code is unknown to product operations, or a URL carries raw (not percent-encoded) Korean.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                },
                "example": {
                  "error": "필수 입력값이 없습니다.",
                  "code": "missing_parameter",
                  "message": "Missing required parameter 'branchCode'.",
                  "hint": "Send branchCode, a 5-digit store code from GET /api/branches/search (e.g. 11199).",
                  "status": 400,
                  "documentation": "http://api.test/developers#errors"
                }
              }
            }
          },
          "502": {
            "description": "upstream_error: The upstream failed during a store operation.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                },
                "example": {
                  "error": "매장 정보 서비스에 일시적인 문제가 있습니다. 잠시 후 다시 시도해 주세요.",
                  "code": "upstream_error",
                  "message": "The upstream retail service failed: it did not answer in time.",
                  "hint": "This is not a problem with your request. Retry in a few seconds.",
                  "status": 502,
                  "documentation": "http://api.test/developers#errors",
                  "detail": "stores: no answer within the timeout"
                }
              }
            }
          },
          "default": {
            "description": "Any other error, in the Error shape (for example 405 method_not_allowed, 429, 503 with Retry-After).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          }
        }
      }
    },
    "/api/branches/{code}": {
      "get": {
        "operationId": "getStore",
        "summary": "Get one store by code",
        "description": "One store by its code. Store metadata changes rarely; cache it.",
        "tags": [
          "Stores"
        ],
        "parameters": [
          {
            "name": "code",
            "in": "path",
            "required": true,
            "description": "Store code from GET /api/branches/search (11199).",
            "schema": {
              "type": "string",
              "pattern": "^\\\\d{5}$"
            },
            "example": "11199"
          }
        ],
        "responses": {
          "200": {
            "description": "The store.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Store"
                },
                "example": {
                  "code": "11199",
                  "name": "강남역점",
                  "lat": 37.497175,
                  "lng": 127.027926,
                  "address": "서울특별시 강남구 강남대로 422 (역삼동)",
                  "openTime": "10:00",
                  "closeTime": "22:00",
                  "openNow": true
                }
              }
            }
          },
          "404": {
            "description": "not_found: No such store (getStore) or product (availability). route_not_found: No such route.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                },
                "example": {
                  "error": "요청한 항목을 찾을 수 없습니다.",
                  "code": "not_found",
                  "message": "No such store or product.",
                  "hint": "Check the store code; search stores first with searchStores.",
                  "status": 404,
                  "documentation": "http://api.test/developers#errors"
                }
              }
            }
          },
          "502": {
            "description": "upstream_error: The upstream failed during a store operation.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                },
                "example": {
                  "error": "매장 정보 서비스에 일시적인 문제가 있습니다. 잠시 후 다시 시도해 주세요.",
                  "code": "upstream_error",
                  "message": "The upstream retail service failed: it did not answer in time.",
                  "hint": "This is not a problem with your request. Retry in a few seconds.",
                  "status": 502,
                  "documentation": "http://api.test/developers#errors",
                  "detail": "stores: no answer within the timeout"
                }
              }
            }
          },
          "default": {
            "description": "Any other error, in the Error shape (for example 405 method_not_allowed, 429, 503 with Retry-After).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          }
        }
      }
    },
    "/api/products": {
      "get": {
        "operationId": "searchStoreProducts",
        "summary": "Search products in stock at a store",
        "description": "Searches the catalogue for keyword, keeps only products in stock at branchCode and adds each one's floor and zone. With stream=1 or Accept: application/x-ndjson the answer is an NDJSON stream of progress events ending in one result or error event.",
        "tags": [
          "Products"
        ],
        "parameters": [
          {
            "name": "branchCode",
            "in": "query",
            "required": true,
            "description": "Store code from GET /api/branches/search (11199).",
            "schema": {
              "type": "string",
              "pattern": "^\\\\d{5}$"
            },
            "example": "11199"
          },
          {
            "name": "keyword",
            "in": "query",
            "required": true,
            "description": "Product word (수납함, umbrella); up to 5 comma-separated.",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 100
            },
            "example": "수세미"
          },
          {
            "name": "currentPage",
            "in": "query",
            "required": false,
            "description": "Catalogue page; pass nextPage to continue.",
            "schema": {
              "default": 1,
              "type": "integer",
              "minimum": 1,
              "maximum": 1000
            },
            "example": 1
          },
          {
            "name": "branchCd",
            "in": "query",
            "required": false,
            "description": "Legacy alias of branchCode.",
            "schema": {
              "type": "string",
              "pattern": "^\\\\d{5}$"
            },
            "example": "11199"
          },
          {
            "name": "stream",
            "in": "query",
            "required": false,
            "description": "Only allowed value 1: stream NDJSON progress events, as Accept: application/x-ndjson does.",
            "schema": {
              "type": "string",
              "const": "1"
            },
            "example": "1"
          }
        ],
        "responses": {
          "200": {
            "description": "In-stock products of the scanned catalogue pages. application/x-ndjson: One JSON event per line: zero or more progress events, then exactly one result or error event.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ProductSearchResult"
                },
                "example": {
                  "products": [
                    {
                      "id": "1019373",
                      "name": "다용도 수세미 3입",
                      "price": 1000,
                      "image": "https://cdn.daisomall.co.kr/file/PD/20220815/Tb5MxQ9wEr2YuIo7Pa3S1019373_00_00Tb5MxQ9wEr2YuIo7Pa3S.jpg",
                      "stock": 12,
                      "stairNo": 1,
                      "zoneNo": 4,
                      "floorLabel": "1F"
                    }
                  ],
                  "asOf": "2026-11-23T05:30:00.000Z",
                  "hasMore": false,
                  "nextPage": 2
                }
              },
              "application/x-ndjson": {
                "schema": {
                  "anyOf": [
                    {
                      "$ref": "#/components/schemas/ProgressEvent"
                    },
                    {
                      "$ref": "#/components/schemas/ResultEvent"
                    },
                    {
                      "$ref": "#/components/schemas/ErrorEvent"
                    }
                  ]
                }
              }
            }
          },
          "400": {
            "description": "missing_parameter: A required parameter is absent. invalid_parameter: A parameter is malformed or out of range, a keyword names no place or product, the store code is unknown to product operations, or a URL carries raw (not percent-encoded) Korean.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                },
                "example": {
                  "error": "필수 입력값이 없습니다.",
                  "code": "missing_parameter",
                  "message": "Missing required parameter 'branchCode'.",
                  "hint": "Send branchCode, a 5-digit store code from GET /api/branches/search (e.g. 11199).",
                  "status": 400,
                  "documentation": "http://api.test/developers#errors"
                }
              }
            }
          },
          "500": {
            "description": "internal_error: The upstream failed during a product operation (the spec maps it so), a scan hit its deadline, or an unexpected error; \`detail\` names the step that failed.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                },
                "example": {
                  "error": "일시적인 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.",
                  "code": "internal_error",
                  "message": "The upstream retail service failed: it answered HTTP 500.",
                  "hint": "This is not a problem with your request. Retry in a few seconds.",
                  "status": 500,
                  "documentation": "http://api.test/developers#errors",
                  "detail": "stock: HTTP 500"
                }
              }
            }
          },
          "503": {
            "description": "overloaded: Our upstream budget queue or the concurrent-scan cap is full; \`Retry-After\` is set. upstream_unavailable: The circuit breaker is open after repeated upstream failures; \`Retry-After\` is the rest of the cool-down. shutting_down: The server is stopping (also the stream's terminal event then).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                },
                "example": {
                  "error": "요청이 몰려 잠시 처리할 수 없습니다. 잠시 후 다시 시도해 주세요.",
                  "code": "overloaded",
                  "message": "The service is at its upstream budget; retry shortly.",
                  "hint": "Retry after 1 s; keep to a few requests per second.",
                  "status": 503,
                  "documentation": "http://api.test/developers#errors"
                }
              }
            }
          },
          "default": {
            "description": "Any other error, in the Error shape (for example 405 method_not_allowed, 429, 503 with Retry-After).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          }
        }
      }
    },
    "/api/products/{id}": {
      "get": {
        "operationId": "getProductAvailability",
        "summary": "One product's stock and placement at a store, and nearby stores",
        "description": "Stock, floor and zone of one product at branchCode, plus up to 20 of the 50 nearest stores that have it in stock, nearest first. Stock counts change quickly; do not cache them.",
        "tags": [
          "Products"
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "required": true,
            "description": "Product \`id\` from GET /api/products or GET /api/catalogue.",
            "schema": {
              "type": "string",
              "pattern": "^[A-Za-z]?\\\\d{4,15}$"
            },
            "example": "1019373"
          },
          {
            "name": "branchCode",
            "in": "query",
            "required": true,
            "description": "Store code from GET /api/branches/search (11199).",
            "schema": {
              "type": "string",
              "pattern": "^\\\\d{5}$"
            },
            "example": "11199"
          },
          {
            "name": "branchCd",
            "in": "query",
            "required": false,
            "description": "Legacy alias of branchCode.",
            "schema": {
              "type": "string",
              "pattern": "^\\\\d{5}$"
            },
            "example": "11199"
          }
        ],
        "responses": {
          "200": {
            "description": "Availability.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ProductAvailability"
                },
                "example": {
                  "stock": 12,
                  "stairNo": 1,
                  "zoneNo": 4,
                  "floorLabel": "1F",
                  "otherBranches": [
                    {
                      "code": "10528",
                      "name": "명동본점",
                      "address": "서울특별시 중구 명동길 43 (명동1가)",
                      "stock": 3,
                      "distanceKm": 8.4,
                      "openNow": true
                    },
                    {
                      "code": "10962",
                      "name": "홍대입구점",
                      "address": "서울특별시 마포구 홍익로 25 (서교동)",
                      "stock": 7,
                      "distanceKm": 11.4,
                      "openNow": true
                    }
                  ],
                  "product": {
                    "id": "1019373",
                    "name": "다용도 수세미 3입",
                    "price": 1000
                  },
                  "store": {
                    "code": "11199",
                    "name": "강남역점",
                    "openNow": true,
                    "openTime": "10:00",
                    "closeTime": "22:00"
                  },
                  "asOf": "2026-11-23T05:30:00.000Z"
                }
              }
            }
          },
          "400": {
            "description": "missing_parameter: A required parameter is absent. invalid_parameter: A parameter is malformed or out of range, a keyword names no place or product, the store code is unknown to product operations, or a URL carries raw (not percent-encoded) Korean.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                },
                "example": {
                  "error": "필수 입력값이 없습니다.",
                  "code": "missing_parameter",
                  "message": "Missing required parameter 'branchCode'.",
                  "hint": "Send branchCode, a 5-digit store code from GET /api/branches/search (e.g. 11199).",
                  "status": 400,
                  "documentation": "http://api.test/developers#errors"
                }
              }
            }
          },
          "404": {
            "description": "not_found: No such store (getStore) or product (availability). route_not_found: No such route.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                },
                "example": {
                  "error": "요청한 항목을 찾을 수 없습니다.",
                  "code": "not_found",
                  "message": "No such store or product.",
                  "hint": "Check the store code; search stores first with searchStores.",
                  "status": 404,
                  "documentation": "http://api.test/developers#errors"
                }
              }
            }
          },
          "500": {
            "description": "internal_error: The upstream failed during a product operation (the spec maps it so), a scan hit its deadline, or an unexpected error; \`detail\` names the step that failed.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                },
                "example": {
                  "error": "일시적인 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.",
                  "code": "internal_error",
                  "message": "The upstream retail service failed: it answered HTTP 500.",
                  "hint": "This is not a problem with your request. Retry in a few seconds.",
                  "status": 500,
                  "documentation": "http://api.test/developers#errors",
                  "detail": "stock: HTTP 500"
                }
              }
            }
          },
          "503": {
            "description": "overloaded: Our upstream budget queue or the concurrent-scan cap is full; \`Retry-After\` is set. upstream_unavailable: The circuit breaker is open after repeated upstream failures; \`Retry-After\` is the rest of the cool-down. shutting_down: The server is stopping (also the stream's terminal event then).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                },
                "example": {
                  "error": "요청이 몰려 잠시 처리할 수 없습니다. 잠시 후 다시 시도해 주세요.",
                  "code": "overloaded",
                  "message": "The service is at its upstream budget; retry shortly.",
                  "hint": "Retry after 1 s; keep to a few requests per second.",
                  "status": 503,
                  "documentation": "http://api.test/developers#errors"
                }
              }
            }
          },
          "default": {
            "description": "Any other error, in the Error shape (for example 405 method_not_allowed, 429, 503 with Retry-After).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          }
        }
      }
    },
    "/api/products/nearby": {
      "get": {
        "operationId": "findProductNearby",
        "summary": "Which nearby stores have a product in stock",
        "description": "For the best 10 catalogue matches of keyword (one stock call's worth; a product number: that product), the stores among the 50 nearest to branchCode or to curLttd+curLitd that have them in stock, nearest first, at most 20, each once with its items; with branchCode, \`here\` is that store at distance 0, present even when it has none. Floor and zone for \`here\` and the nearest 5. An empty answer comes with a hint. A failed stock lookup is an error, never \\"nowhere\\". Stock changes quickly; do not cache it.",
        "tags": [
          "Products"
        ],
        "parameters": [
          {
            "name": "keyword",
            "in": "query",
            "required": true,
            "description": "Product word (우산, umbrella) or number; up to 5 comma-separated.",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 100
            },
            "example": "우산"
          },
          {
            "name": "branchCode",
            "in": "query",
            "required": false,
            "description": "The store asked about (11199), or curLttd and curLitd.",
            "schema": {
              "type": "string",
              "pattern": "^\\\\d{5}$"
            },
            "example": "11199"
          },
          {
            "name": "curLttd",
            "in": "query",
            "required": false,
            "description": "Latitude, with curLitd.",
            "schema": {
              "type": "number",
              "minimum": 32.8,
              "maximum": 38.9
            },
            "example": 37.4979
          },
          {
            "name": "curLitd",
            "in": "query",
            "required": false,
            "description": "Longitude, with curLttd.",
            "schema": {
              "type": "number",
              "minimum": 124.5,
              "maximum": 132
            },
            "example": 127.0276
          },
          {
            "name": "near",
            "in": "query",
            "required": false,
            "description": "A place name.",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 100
            }
          },
          {
            "name": "openNow",
            "in": "query",
            "required": false,
            "description": "true: only stores open now.",
            "schema": {
              "type": "boolean"
            }
          },
          {
            "name": "facility",
            "in": "query",
            "required": false,
            "description": "Only stores with it (ramp: step-free; cashless: cards only).",
            "schema": {
              "type": "string",
              "enum": [
                "parking",
                "elevator",
                "ramp",
                "taxFree",
                "pickup",
                "usim",
                "overseasUsim",
                "cashless",
                "eReceipt",
                "photoSticker"
              ]
            }
          },
          {
            "name": "branchCd",
            "in": "query",
            "required": false,
            "description": "Legacy alias of branchCode.",
            "schema": {
              "type": "string",
              "pattern": "^\\\\d{5}$"
            },
            "example": "11199"
          }
        ],
        "responses": {
          "200": {
            "description": "The products checked and the stores that have them, nearest first.",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "properties": {
                    "origin": {
                      "type": "object",
                      "properties": {
                        "lat": {
                          "type": "number"
                        },
                        "lng": {
                          "type": "number"
                        }
                      },
                      "required": [
                        "lat",
                        "lng"
                      ],
                      "additionalProperties": false,
                      "description": "Where distances are measured from."
                    },
                    "products": {
                      "type": "array",
                      "items": {
                        "type": "object",
                        "properties": {
                          "id": {
                            "type": "string",
                            "description": "Product number. Pass it to getProductAvailability, or as the keyword of findProductNearby."
                          },
                          "name": {
                            "type": "string",
                            "description": "Product name, in Korean."
                          },
                          "price": {
                            "type": "integer",
                            "description": "Price in KRW."
                          },
                          "keyword": {
                            "type": "string"
                          }
                        },
                        "required": [
                          "id",
                          "name",
                          "price"
                        ],
                        "additionalProperties": false
                      },
                      "description": "The catalogue matches checked, best first (several keywords: by keyword)."
                    },
                    "note": {
                      "description": "How the keyword was read when not as typed.",
                      "type": "string"
                    },
                    "matched": {
                      "anyOf": [
                        {
                          "type": "integer",
                          "minimum": 0
                        },
                        {
                          "type": "null"
                        }
                      ],
                      "description": "Catalogue matches for the keyword in all; null when unknown."
                    },
                    "here": {
                      "description": "The asked store (only with a store code); items [] when it has none.",
                      "type": "object",
                      "properties": {
                        "store": {
                          "type": "object",
                          "properties": {
                            "code": {
                              "type": "string"
                            },
                            "name": {
                              "type": "string"
                            },
                            "address": {
                              "type": "string"
                            },
                            "lat": {
                              "type": "number"
                            },
                            "lng": {
                              "type": "number"
                            },
                            "distanceKm": {
                              "description": "From origin; 0 for the asked store.",
                              "type": [
                                "number",
                                "null"
                              ]
                            },
                            "openNow": {
                              "description": "By posted hours; null when unknown.",
                              "type": [
                                "boolean",
                                "null"
                              ]
                            },
                            "openTime": {
                              "type": "string",
                              "description": "HH:MM, Korea time."
                            },
                            "closeTime": {
                              "type": "string",
                              "description": "HH:MM, Korea time."
                            },
                            "facilities": {
                              "type": "array",
                              "items": {
                                "type": "string"
                              }
                            }
                          },
                          "required": [
                            "code",
                            "name",
                            "address",
                            "lat",
                            "lng",
                            "distanceKm",
                            "openNow",
                            "openTime",
                            "closeTime"
                          ],
                          "additionalProperties": false
                        },
                        "items": {
                          "type": "array",
                          "items": {
                            "type": "object",
                            "properties": {
                              "productId": {
                                "type": "string"
                              },
                              "keyword": {
                                "type": "string"
                              },
                              "productName": {
                                "type": "string"
                              },
                              "price": {
                                "type": "integer"
                              },
                              "stock": {
                                "type": "integer",
                                "minimum": 1
                              },
                              "stairNo": {
                                "anyOf": [
                                  {
                                    "type": "integer"
                                  },
                                  {
                                    "type": "null"
                                  }
                                ],
                                "description": "Floor, -1 = B1."
                              },
                              "zoneNo": {
                                "anyOf": [
                                  {
                                    "type": "integer"
                                  },
                                  {
                                    "type": "null"
                                  }
                                ]
                              },
                              "floorLabel": {
                                "description": "B1, 1F, 2F.",
                                "type": [
                                  "string",
                                  "null"
                                ]
                              },
                              "placement": {
                                "type": "string",
                                "enum": [
                                  "known",
                                  "unknown",
                                  "not_checked"
                                ],
                                "description": "unknown: the chain has none; not_checked: not looked up."
                              }
                            },
                            "required": [
                              "productId",
                              "productName",
                              "price",
                              "stock",
                              "stairNo",
                              "zoneNo",
                              "floorLabel",
                              "placement"
                            ],
                            "additionalProperties": false
                          }
                        },
                        "missing": {
                          "description": "Keywords it has none of.",
                          "type": "array",
                          "items": {
                            "type": "string"
                          }
                        },
                        "unknown": {
                          "description": "Checked product ids whose stock here could not be read: unknown, not sold out.",
                          "type": "array",
                          "items": {
                            "type": "string"
                          }
                        },
                        "usualShelf": {
                          "description": "Asked for one product id that here does not list: where here usually shelves it.",
                          "type": "object",
                          "properties": {
                            "stairNo": {
                              "anyOf": [
                                {
                                  "type": "integer"
                                },
                                {
                                  "type": "null"
                                }
                              ],
                              "description": "Floor, -1 = B1."
                            },
                            "zoneNo": {
                              "anyOf": [
                                {
                                  "type": "integer"
                                },
                                {
                                  "type": "null"
                                }
                              ]
                            },
                            "floorLabel": {
                              "description": "B1, 1F, 2F.",
                              "type": [
                                "string",
                                "null"
                              ]
                            },
                            "placement": {
                              "type": "string",
                              "enum": [
                                "known",
                                "unknown",
                                "not_checked"
                              ],
                              "description": "unknown: the chain has none; not_checked: not looked up."
                            }
                          },
                          "required": [
                            "stairNo",
                            "zoneNo",
                            "floorLabel",
                            "placement"
                          ],
                          "additionalProperties": false
                        }
                      },
                      "required": [
                        "store",
                        "items"
                      ],
                      "additionalProperties": false
                    },
                    "stores": {
                      "type": "array",
                      "items": {
                        "type": "object",
                        "properties": {
                          "store": {
                            "type": "object",
                            "properties": {
                              "code": {
                                "type": "string"
                              },
                              "name": {
                                "type": "string"
                              },
                              "address": {
                                "type": "string"
                              },
                              "lat": {
                                "type": "number"
                              },
                              "lng": {
                                "type": "number"
                              },
                              "distanceKm": {
                                "description": "From origin; 0 for the asked store.",
                                "type": [
                                  "number",
                                  "null"
                                ]
                              },
                              "openNow": {
                                "description": "By posted hours; null when unknown.",
                                "type": [
                                  "boolean",
                                  "null"
                                ]
                              },
                              "openTime": {
                                "type": "string",
                                "description": "HH:MM, Korea time."
                              },
                              "closeTime": {
                                "type": "string",
                                "description": "HH:MM, Korea time."
                              },
                              "facilities": {
                                "type": "array",
                                "items": {
                                  "type": "string"
                                }
                              }
                            },
                            "required": [
                              "code",
                              "name",
                              "address",
                              "lat",
                              "lng",
                              "distanceKm",
                              "openNow",
                              "openTime",
                              "closeTime"
                            ],
                            "additionalProperties": false
                          },
                          "items": {
                            "type": "array",
                            "items": {
                              "type": "object",
                              "properties": {
                                "productId": {
                                  "type": "string"
                                },
                                "keyword": {
                                  "type": "string"
                                },
                                "productName": {
                                  "type": "string"
                                },
                                "price": {
                                  "type": "integer"
                                },
                                "stock": {
                                  "type": "integer",
                                  "minimum": 1
                                },
                                "stairNo": {
                                  "anyOf": [
                                    {
                                      "type": "integer"
                                    },
                                    {
                                      "type": "null"
                                    }
                                  ],
                                  "description": "Floor, -1 = B1."
                                },
                                "zoneNo": {
                                  "anyOf": [
                                    {
                                      "type": "integer"
                                    },
                                    {
                                      "type": "null"
                                    }
                                  ]
                                },
                                "floorLabel": {
                                  "description": "B1, 1F, 2F.",
                                  "type": [
                                    "string",
                                    "null"
                                  ]
                                },
                                "placement": {
                                  "type": "string",
                                  "enum": [
                                    "known",
                                    "unknown",
                                    "not_checked"
                                  ],
                                  "description": "unknown: the chain has none; not_checked: not looked up."
                                }
                              },
                              "required": [
                                "productId",
                                "productName",
                                "price",
                                "stock",
                                "stairNo",
                                "zoneNo",
                                "floorLabel",
                                "placement"
                              ],
                              "additionalProperties": false
                            }
                          },
                          "missing": {
                            "description": "Keywords it has none of.",
                            "type": "array",
                            "items": {
                              "type": "string"
                            }
                          }
                        },
                        "required": [
                          "store",
                          "items"
                        ],
                        "additionalProperties": false
                      },
                      "description": "Other stores with a checked product in stock, nearest first; with several keywords, those with every keyword first, then most."
                    },
                    "place": {
                      "description": "The place \`near\` was read as; distances are from it.",
                      "type": "object",
                      "properties": {},
                      "additionalProperties": {}
                    },
                    "asOf": {
                      "type": "string",
                      "description": "When the stock was read from the upstream (ISO 8601); a cached answer keeps its time."
                    },
                    "hint": {
                      "type": "string"
                    }
                  },
                  "required": [
                    "origin",
                    "products",
                    "matched",
                    "stores",
                    "asOf"
                  ],
                  "additionalProperties": false,
                  "description": "Which products the asked store and the nearest others have, by store, nearest first."
                },
                "example": {
                  "origin": {
                    "lat": 37.497175,
                    "lng": 127.027926
                  },
                  "products": [
                    {
                      "id": "1019373",
                      "name": "다용도 수세미 3입",
                      "price": 1000
                    },
                    {
                      "id": "1024881",
                      "name": "실리콘 주방장갑",
                      "price": 3000
                    }
                  ],
                  "matched": 2,
                  "here": {
                    "store": {
                      "code": "11199",
                      "name": "강남역점",
                      "address": "서울특별시 강남구 강남대로 422 (역삼동)",
                      "lat": 37.497175,
                      "lng": 127.027926,
                      "distanceKm": 0,
                      "openNow": true,
                      "openTime": "10:00",
                      "closeTime": "22:00"
                    },
                    "items": [
                      {
                        "productId": "1019373",
                        "productName": "다용도 수세미 3입",
                        "price": 1000,
                        "stock": 12,
                        "stairNo": 1,
                        "zoneNo": 4,
                        "floorLabel": "1F",
                        "placement": "known"
                      }
                    ]
                  },
                  "stores": [
                    {
                      "store": {
                        "code": "10528",
                        "name": "명동본점",
                        "address": "서울특별시 중구 명동길 43 (명동1가)",
                        "lat": 37.563692,
                        "lng": 126.98269,
                        "distanceKm": 8.4,
                        "openNow": true,
                        "openTime": "10:00",
                        "closeTime": "22:00"
                      },
                      "items": [
                        {
                          "productId": "1019373",
                          "productName": "다용도 수세미 3입",
                          "price": 1000,
                          "stock": 3,
                          "stairNo": 2,
                          "zoneNo": 11,
                          "floorLabel": "2F",
                          "placement": "known"
                        },
                        {
                          "productId": "1024881",
                          "productName": "실리콘 주방장갑",
                          "price": 3000,
                          "stock": 5,
                          "stairNo": null,
                          "zoneNo": null,
                          "floorLabel": null,
                          "placement": "unknown"
                        }
                      ]
                    }
                  ],
                  "asOf": "2026-11-23T05:30:00.000Z"
                }
              }
            }
          },
          "400": {
            "description": "missing_parameter: A required parameter is absent. invalid_parameter: A parameter is malformed or out of range, a keyword names no place or product, the store code is unknown to product operations, or a URL carries raw (not percent-encoded) Korean.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                },
                "example": {
                  "error": "필수 입력값이 없습니다.",
                  "code": "missing_parameter",
                  "message": "Missing required parameter 'branchCode'.",
                  "hint": "Send branchCode, a 5-digit store code from GET /api/branches/search (e.g. 11199).",
                  "status": 400,
                  "documentation": "http://api.test/developers#errors"
                }
              }
            }
          },
          "500": {
            "description": "internal_error: The upstream failed during a product operation (the spec maps it so), a scan hit its deadline, or an unexpected error; \`detail\` names the step that failed.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                },
                "example": {
                  "error": "일시적인 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.",
                  "code": "internal_error",
                  "message": "The upstream retail service failed: it answered HTTP 500.",
                  "hint": "This is not a problem with your request. Retry in a few seconds.",
                  "status": 500,
                  "documentation": "http://api.test/developers#errors",
                  "detail": "stock: HTTP 500"
                }
              }
            }
          },
          "503": {
            "description": "overloaded: Our upstream budget queue or the concurrent-scan cap is full; \`Retry-After\` is set. upstream_unavailable: The circuit breaker is open after repeated upstream failures; \`Retry-After\` is the rest of the cool-down. shutting_down: The server is stopping (also the stream's terminal event then).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                },
                "example": {
                  "error": "요청이 몰려 잠시 처리할 수 없습니다. 잠시 후 다시 시도해 주세요.",
                  "code": "overloaded",
                  "message": "The service is at its upstream budget; retry shortly.",
                  "hint": "Retry after 1 s; keep to a few requests per second.",
                  "status": 503,
                  "documentation": "http://api.test/developers#errors"
                }
              }
            }
          },
          "default": {
            "description": "Any other error, in the Error shape (for example 405 method_not_allowed, 429, 503 with Retry-After).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          }
        }
      }
    },
    "/api/catalogue": {
      "get": {
        "operationId": "searchCatalogue",
        "summary": "Search the Daiso catalogue, whatever the stock",
        "description": "Products of the Daiso (다이소) catalogue matching keyword, in relevance order, 20 a page, with id, name, price and image, in stock anywhere or not. Use it when a store has none of a product, then findProductNearby or getProductAvailability with the id.",
        "tags": [
          "Products"
        ],
        "parameters": [
          {
            "name": "keyword",
            "in": "query",
            "required": true,
            "description": "Product word (우산, umbrella) or number; up to 5 comma-separated.",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 100
            },
            "example": "우산"
          },
          {
            "name": "currentPage",
            "in": "query",
            "required": false,
            "description": "Page; pass nextPage to continue.",
            "schema": {
              "default": 1,
              "type": "integer",
              "minimum": 1,
              "maximum": 1000
            },
            "example": 1
          }
        ],
        "responses": {
          "200": {
            "description": "One page of catalogue matches.",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "properties": {
                    "products": {
                      "type": "array",
                      "items": {
                        "type": "object",
                        "properties": {
                          "id": {
                            "type": "string",
                            "description": "Product number. Pass it to getProductAvailability, or as the keyword of findProductNearby."
                          },
                          "name": {
                            "type": "string",
                            "description": "Product name, in Korean."
                          },
                          "price": {
                            "type": "integer",
                            "description": "Price in KRW."
                          },
                          "image": {
                            "anyOf": [
                              {
                                "type": "string",
                                "format": "uri"
                              },
                              {
                                "type": "null"
                              }
                            ],
                            "description": "Image URL; null when the catalogue has no image."
                          }
                        },
                        "required": [
                          "id",
                          "name",
                          "price",
                          "image"
                        ],
                        "additionalProperties": false,
                        "description": "A product of the Daiso catalogue, whatever its stock."
                      },
                      "description": "Catalogue matches in relevance order, in stock or not."
                    },
                    "total": {
                      "anyOf": [
                        {
                          "type": "integer",
                          "minimum": 0
                        },
                        {
                          "type": "null"
                        }
                      ],
                      "description": "Matches the catalogue reports in all; null when it does not say."
                    },
                    "hasMore": {
                      "type": "boolean",
                      "description": "Whether another page follows."
                    },
                    "nextPage": {
                      "description": "Value to pass as currentPage for the next page; only when hasMore is true.",
                      "type": "integer",
                      "minimum": 1
                    },
                    "note": {
                      "type": "string"
                    },
                    "hint": {
                      "description": "Only when nothing matches: what to try instead.",
                      "type": "string"
                    }
                  },
                  "required": [
                    "products",
                    "total",
                    "hasMore"
                  ],
                  "additionalProperties": false,
                  "description": "One page of the catalogue search."
                },
                "example": {
                  "products": [
                    {
                      "id": "1019373",
                      "name": "다용도 수세미 3입",
                      "price": 1000,
                      "image": "https://cdn.daisomall.co.kr/file/PD/20220815/Tb5MxQ9wEr2YuIo7Pa3S1019373_00_00Tb5MxQ9wEr2YuIo7Pa3S.jpg"
                    },
                    {
                      "id": "1024881",
                      "name": "실리콘 주방장갑",
                      "price": 3000,
                      "image": "https://cdn.daisomall.co.kr/file/PD/20230104/Nv7CxZ1aSd4FgHj8Kl2P1024881_00_00Nv7CxZ1aSd4FgHj8Kl2P.jpg"
                    }
                  ],
                  "total": 2,
                  "hasMore": false,
                  "nextPage": 2
                }
              }
            }
          },
          "400": {
            "description": "missing_parameter: A required parameter is absent. invalid_parameter: A parameter is malformed or out of range, a keyword names no place or product, the store code is unknown to product operations, or a URL carries raw (not percent-encoded) Korean.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                },
                "example": {
                  "error": "필수 입력값이 없습니다.",
                  "code": "missing_parameter",
                  "message": "Missing required parameter 'branchCode'.",
                  "hint": "Send branchCode, a 5-digit store code from GET /api/branches/search (e.g. 11199).",
                  "status": 400,
                  "documentation": "http://api.test/developers#errors"
                }
              }
            }
          },
          "500": {
            "description": "internal_error: The upstream failed during a product operation (the spec maps it so), a scan hit its deadline, or an unexpected error; \`detail\` names the step that failed.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                },
                "example": {
                  "error": "일시적인 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.",
                  "code": "internal_error",
                  "message": "The upstream retail service failed: it answered HTTP 500.",
                  "hint": "This is not a problem with your request. Retry in a few seconds.",
                  "status": 500,
                  "documentation": "http://api.test/developers#errors",
                  "detail": "stock: HTTP 500"
                }
              }
            }
          },
          "503": {
            "description": "overloaded: Our upstream budget queue or the concurrent-scan cap is full; \`Retry-After\` is set. upstream_unavailable: The circuit breaker is open after repeated upstream failures; \`Retry-After\` is the rest of the cool-down. shutting_down: The server is stopping (also the stream's terminal event then).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                },
                "example": {
                  "error": "요청이 몰려 잠시 처리할 수 없습니다. 잠시 후 다시 시도해 주세요.",
                  "code": "overloaded",
                  "message": "The service is at its upstream budget; retry shortly.",
                  "hint": "Retry after 1 s; keep to a few requests per second.",
                  "status": 503,
                  "documentation": "http://api.test/developers#errors"
                }
              }
            }
          },
          "default": {
            "description": "Any other error, in the Error shape (for example 405 method_not_allowed, 429, 503 with Retry-After).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          }
        }
      }
    },
    "/api/mcp": {
      "get": {
        "operationId": "getMcpServerInfo",
        "summary": "MCP server info, or its server-to-client event stream",
        "description": "The MCP server (name, version, protocol versions, capabilities) and its tools exactly as tools/list returns them. With Accept: text/event-stream it instead opens the Streamable HTTP server-to-client SSE stream: keep-alive comments only (the server is stateless and sends its notifications on POST responses), ended by the server after SSE_MAX_LIFETIME_MS.",
        "tags": [
          "MCP"
        ],
        "responses": {
          "200": {
            "description": "McpServerInfo, or the SSE stream. text/event-stream: The server-to-client stream (Accept: text/event-stream).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/McpServerInfo"
                }
              },
              "text/event-stream": {}
            }
          },
          "400": {
            "description": "Unsupported MCP-Protocol-Version header.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/JsonRpcResponse"
                }
              }
            }
          },
          "403": {
            "description": "Host or Origin not allowed (DNS rebinding protection).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/JsonRpcResponse"
                }
              }
            }
          },
          "503": {
            "description": "Too many open streams; see Retry-After.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/JsonRpcResponse"
                }
              }
            }
          }
        }
      },
      "post": {
        "operationId": "callMcp",
        "summary": "MCP JSON-RPC endpoint (Streamable HTTP, stateless)",
        "description": "JSON-RPC 2.0 over Streamable HTTP, protocol 2026-07-28 (server/discover; MCP-Protocol-Version, Mcp-Method and Mcp-Name headers and the _meta envelope on every request; answered as JSON, or SSE when a call sends progress) and 2025-11-25 to 2024-11-05 (initialize, tools/list, tools/call, prompts/get, completion/complete, ping, logging/setLevel; answered as an SSE stream: progress notifications, then the response). Send Accept: application/json, text/event-stream and Content-Type: application/json. Notifications get 202 with no body. No session: every request stands alone.",
        "tags": [
          "MCP"
        ],
        "requestBody": {
          "required": true,
          "description": "One JSON-RPC request or notification.",
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/JsonRpcRequest"
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The JSON-RPC response, as a text/event-stream of message events (notifications first, the response last).",
            "content": {
              "text/event-stream": {},
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/JsonRpcResponse"
                }
              }
            }
          },
          "202": {
            "description": "Notification accepted; no body."
          },
          "400": {
            "description": "Malformed JSON, not a JSON-RPC 2.0 message, a URL over 4,096 characters, or (2026-07-28) headers that disagree with the body (-32020), a missing envelope (-32602) or an unsupported protocol version (-32022).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/JsonRpcResponse"
                }
              }
            }
          },
          "403": {
            "description": "Host or Origin not allowed (DNS rebinding protection).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/JsonRpcResponse"
                }
              }
            }
          },
          "406": {
            "description": "Accept must list application/json and text/event-stream.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/JsonRpcResponse"
                }
              }
            }
          },
          "413": {
            "description": "Body larger than 256 KiB.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/JsonRpcResponse"
                }
              }
            }
          },
          "415": {
            "description": "Content-Type must be application/json.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/JsonRpcResponse"
                }
              }
            }
          }
        }
      }
    },
    "/api/sandbox": {
      "get": {
        "operationId": "getSandboxIndex",
        "summary": "Sandbox root: fixture data and example requests",
        "description": "What the sandbox is, its fixture store codes and an example request for each sandbox operation. The sandbox answers from fixed fixture data and never contacts the upstream service.",
        "tags": [
          "Sandbox"
        ],
        "responses": {
          "200": {
            "description": "The sandbox root.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/SandboxIndex"
                }
              }
            }
          },
          "default": {
            "description": "Any other error, in the Error shape (for example 405 method_not_allowed, 429, 503 with Retry-After).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          }
        }
      }
    },
    "/api/sandbox/branches/search": {
      "get": {
        "operationId": "searchSandboxStores",
        "summary": "Sandbox: search the fixture stores",
        "description": "Same parameters and response shape as searchStores, but keyword is optional: without it, all three fixture stores (nearest the lookup store first). A keyword is understood by the production store search, over the fixture stores: every word in the name, station form or address, the chain's name and filler words ignored, a word no store has left out (Search-Ignored header); a keyword of nothing but such words is a 400. curLttd and curLitd are accepted and ignored.",
        "tags": [
          "Sandbox"
        ],
        "parameters": [
          {
            "name": "keyword",
            "in": "query",
            "required": false,
            "description": "Place or store name in Korean (e.g. 강남역).",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 100
            },
            "example": "강남"
          },
          {
            "name": "curLttd",
            "in": "query",
            "required": false,
            "description": "Latitude, with curLitd.",
            "schema": {
              "type": "number",
              "minimum": 32.8,
              "maximum": 38.9
            },
            "example": 37.4979
          },
          {
            "name": "curLitd",
            "in": "query",
            "required": false,
            "description": "Longitude, with curLttd.",
            "schema": {
              "type": "number",
              "minimum": 124.5,
              "maximum": 132
            },
            "example": 127.0276
          },
          {
            "name": "near",
            "in": "query",
            "required": false,
            "description": "A place name.",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 100
            }
          },
          {
            "name": "facility",
            "in": "query",
            "required": false,
            "description": "Only stores with it (ramp: step-free; cashless: cards only).",
            "schema": {
              "type": "string",
              "enum": [
                "parking",
                "elevator",
                "ramp",
                "taxFree",
                "pickup",
                "usim",
                "overseasUsim",
                "cashless",
                "eReceipt",
                "photoSticker"
              ]
            }
          },
          {
            "name": "openNow",
            "in": "query",
            "required": false,
            "description": "true: only stores open now.",
            "schema": {
              "type": "boolean"
            }
          },
          {
            "name": "currentPage",
            "in": "query",
            "required": false,
            "description": "Page; pass nextPage to continue.",
            "schema": {
              "default": 1,
              "type": "integer",
              "minimum": 1,
              "maximum": 1000
            },
            "example": 1
          },
          {
            "name": "pageSize",
            "in": "query",
            "required": false,
            "description": "Stores per page.",
            "schema": {
              "default": 10,
              "type": "integer",
              "minimum": 1,
              "maximum": 10
            },
            "example": 10
          }
        ],
        "responses": {
          "200": {
            "description": "Fixture stores, at most pageSize.",
            "content": {
              "application/json": {
                "schema": {
                  "type": "array",
                  "items": {
                    "$ref": "#/components/schemas/Store"
                  }
                },
                "example": [
                  {
                    "code": "11199",
                    "name": "강남역점",
                    "lat": 37.497175,
                    "lng": 127.027926,
                    "address": "서울특별시 강남구 강남대로 422 (역삼동)",
                    "openTime": "10:00",
                    "closeTime": "22:00",
                    "openNow": true
                  }
                ]
              }
            }
          },
          "400": {
            "description": "missing_parameter: A required parameter is absent. invalid_parameter: A parameter is malformed or out of range, a keyword names no place or product, the store code is unknown to product operations, or a URL carries raw (not percent-encoded) Korean.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                },
                "example": {
                  "error": "필수 입력값이 없습니다.",
                  "code": "missing_parameter",
                  "message": "Missing required parameter 'branchCode'.",
                  "hint": "Send branchCode, a 5-digit store code from GET /api/branches/search (e.g. 11199).",
                  "status": 400,
                  "documentation": "http://api.test/developers#errors"
                }
              }
            }
          },
          "default": {
            "description": "Any other error, in the Error shape (for example 405 method_not_allowed, 429, 503 with Retry-After).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          }
        }
      }
    },
    "/api/sandbox/branches/{code}": {
      "get": {
        "operationId": "getSandboxStore",
        "summary": "Sandbox: get a fixture store by code",
        "description": "Same response shape as getStore. Code 11199 returns a Store; any other code returns 404 in the Error shape, so clients can exercise both paths.",
        "tags": [
          "Sandbox"
        ],
        "parameters": [
          {
            "name": "code",
            "in": "path",
            "required": true,
            "description": "Store code from GET /api/sandbox/branches/search (11199).",
            "schema": {
              "type": "string",
              "pattern": "^\\\\d{5}$"
            },
            "example": "11199"
          }
        ],
        "responses": {
          "200": {
            "description": "The fixture store.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Store"
                },
                "example": {
                  "code": "11199",
                  "name": "강남역점",
                  "lat": 37.497175,
                  "lng": 127.027926,
                  "address": "서울특별시 강남구 강남대로 422 (역삼동)",
                  "openTime": "10:00",
                  "closeTime": "22:00",
                  "openNow": true
                }
              }
            }
          },
          "404": {
            "description": "not_found: No such store (getStore) or product (availability). route_not_found: No such route.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                },
                "example": {
                  "error": "요청한 항목을 찾을 수 없습니다.",
                  "code": "not_found",
                  "message": "No such store or product.",
                  "hint": "Check the store code; search stores first with searchStores.",
                  "status": 404,
                  "documentation": "http://api.test/developers#errors"
                }
              }
            }
          },
          "default": {
            "description": "Any other error, in the Error shape (for example 405 method_not_allowed, 429, 503 with Retry-After).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          }
        }
      }
    },
    "/api/sandbox/products": {
      "get": {
        "operationId": "searchSandboxStoreProducts",
        "summary": "Sandbox: search fixture products in stock at a fixture store",
        "description": "Same parameters and response shapes as searchStoreProducts, including the NDJSON stream (stream=1 or Accept: application/x-ndjson): the production product scan, paging and progress over a fixture catalogue. branchCode must be a sandbox store code; keyword is read as production reads it with its product index, over the fixture catalogue (spacing, synonyms, English words, a typing slip, several products separated by commas).",
        "tags": [
          "Sandbox"
        ],
        "parameters": [
          {
            "name": "branchCode",
            "in": "query",
            "required": true,
            "description": "Store code from GET /api/sandbox/branches/search (11199).",
            "schema": {
              "type": "string",
              "pattern": "^\\\\d{5}$"
            },
            "example": "11199"
          },
          {
            "name": "keyword",
            "in": "query",
            "required": true,
            "description": "Product word (수납함, umbrella); up to 5 comma-separated.",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 100
            },
            "example": "수세미"
          },
          {
            "name": "currentPage",
            "in": "query",
            "required": false,
            "description": "Catalogue page; pass nextPage to continue.",
            "schema": {
              "default": 1,
              "type": "integer",
              "minimum": 1,
              "maximum": 1000
            },
            "example": 1
          },
          {
            "name": "branchCd",
            "in": "query",
            "required": false,
            "description": "Legacy alias of branchCode.",
            "schema": {
              "type": "string",
              "pattern": "^\\\\d{5}$"
            },
            "example": "11199"
          },
          {
            "name": "stream",
            "in": "query",
            "required": false,
            "description": "Only allowed value 1: stream NDJSON progress events, as Accept: application/x-ndjson does.",
            "schema": {
              "type": "string",
              "const": "1"
            },
            "example": "1"
          }
        ],
        "responses": {
          "200": {
            "description": "Fixture products in stock at the store. application/x-ndjson: One JSON event per line: progress events, then exactly one result event.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ProductSearchResult"
                },
                "example": {
                  "products": [
                    {
                      "id": "1019373",
                      "name": "다용도 수세미 3입",
                      "price": 1000,
                      "image": "https://cdn.daisomall.co.kr/file/PD/20220815/Tb5MxQ9wEr2YuIo7Pa3S1019373_00_00Tb5MxQ9wEr2YuIo7Pa3S.jpg",
                      "stock": 12,
                      "stairNo": 1,
                      "zoneNo": 4,
                      "floorLabel": "1F"
                    }
                  ],
                  "asOf": "2026-11-23T05:30:00.000Z",
                  "hasMore": false,
                  "nextPage": 2
                }
              },
              "application/x-ndjson": {
                "schema": {
                  "anyOf": [
                    {
                      "$ref": "#/components/schemas/ProgressEvent"
                    },
                    {
                      "$ref": "#/components/schemas/ResultEvent"
                    },
                    {
                      "$ref": "#/components/schemas/ErrorEvent"
                    }
                  ]
                }
              }
            }
          },
          "400": {
            "description": "missing_parameter: A required parameter is absent. invalid_parameter: A parameter is malformed or out of range, a keyword names no place or product, the store code is unknown to product operations, or a URL carries raw (not percent-encoded) Korean.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                },
                "example": {
                  "error": "필수 입력값이 없습니다.",
                  "code": "missing_parameter",
                  "message": "Missing required parameter 'branchCode'.",
                  "hint": "Send branchCode, a 5-digit store code from GET /api/branches/search (e.g. 11199).",
                  "status": 400,
                  "documentation": "http://api.test/developers#errors"
                }
              }
            }
          },
          "default": {
            "description": "Any other error, in the Error shape (for example 405 method_not_allowed, 429, 503 with Retry-After).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          }
        }
      }
    },
    "/openapi.json": {
      "get": {
        "operationId": "getOpenApiJson",
        "summary": "OpenAPI (JSON)",
        "description": "OpenAPI 3.1 description of every operation.",
        "tags": [
          "Discovery"
        ],
        "responses": {
          "200": {
            "description": "OpenAPI 3.1 description of every operation.",
            "content": {
              "application/json": {}
            }
          },
          "default": {
            "description": "Any other error, in the Error shape (for example 405 method_not_allowed, 429, 503 with Retry-After).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          }
        }
      }
    },
    "/openapi.yaml": {
      "get": {
        "operationId": "getOpenApiYaml",
        "summary": "OpenAPI (YAML)",
        "description": "The same OpenAPI 3.1 document as YAML.",
        "tags": [
          "Discovery"
        ],
        "responses": {
          "200": {
            "description": "The same OpenAPI 3.1 document as YAML.",
            "content": {
              "application/yaml": {}
            }
          },
          "default": {
            "description": "Any other error, in the Error shape (for example 405 method_not_allowed, 429, 503 with Retry-After).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          }
        }
      }
    },
    "/developers": {
      "get": {
        "operationId": "getDeveloperPage",
        "summary": "Developer guide",
        "description": "Developer guide (HTML, readable without JavaScript; Markdown with Accept: text/markdown): quick start, endpoints with curl, errors, MCP, a sandbox try-it form.",
        "tags": [
          "Discovery"
        ],
        "responses": {
          "200": {
            "description": "Developer guide (HTML, readable without JavaScript; Markdown with Accept: text/markdown): quick start, endpoints with curl, errors, MCP, a sandbox try-it form.",
            "content": {
              "text/html": {}
            }
          },
          "default": {
            "description": "Any other error, in the Error shape (for example 405 method_not_allowed, 429, 503 with Retry-After).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          }
        }
      }
    },
    "/agent-instructions.md": {
      "get": {
        "operationId": "getAgentInstructions",
        "summary": "Agent instructions",
        "description": "How an LLM agent should use the tools and the API.",
        "tags": [
          "Discovery"
        ],
        "responses": {
          "200": {
            "description": "How an LLM agent should use the tools and the API.",
            "content": {
              "text/markdown": {}
            }
          },
          "default": {
            "description": "Any other error, in the Error shape (for example 405 method_not_allowed, 429, 503 with Retry-After).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          }
        }
      }
    },
    "/llms.txt": {
      "get": {
        "operationId": "getLlmsTxt",
        "summary": "llms.txt",
        "description": "The llmstxt.org index of the documents for language models.",
        "tags": [
          "Discovery"
        ],
        "responses": {
          "200": {
            "description": "The llmstxt.org index of the documents for language models.",
            "content": {
              "text/plain": {}
            }
          },
          "default": {
            "description": "Any other error, in the Error shape (for example 405 method_not_allowed, 429, 503 with Retry-After).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          }
        }
      }
    },
    "/auth.md": {
      "get": {
        "operationId": "getAuthDocument",
        "summary": "Authentication",
        "description": "Authentication: none; anonymous, free, CORS for any origin.",
        "tags": [
          "Discovery"
        ],
        "responses": {
          "200": {
            "description": "Authentication: none; anonymous, free, CORS for any origin.",
            "content": {
              "text/markdown": {}
            }
          },
          "default": {
            "description": "Any other error, in the Error shape (for example 405 method_not_allowed, 429, 503 with Retry-After).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          }
        }
      }
    },
    "/md": {
      "get": {
        "operationId": "getMarkdownOverview",
        "summary": "Markdown overview",
        "description": "The whole service in one Markdown page.",
        "tags": [
          "Discovery"
        ],
        "responses": {
          "200": {
            "description": "The whole service in one Markdown page.",
            "content": {
              "text/markdown": {}
            }
          },
          "default": {
            "description": "Any other error, in the Error shape (for example 405 method_not_allowed, 429, 503 with Retry-After).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          }
        }
      }
    },
    "/.well-known/api-catalog": {
      "get": {
        "operationId": "getApiCatalog",
        "summary": "API catalog",
        "description": "RFC 9727 API catalog (linkset).",
        "tags": [
          "Discovery"
        ],
        "responses": {
          "200": {
            "description": "RFC 9727 API catalog (linkset).",
            "content": {
              "application/linkset+json": {}
            }
          },
          "default": {
            "description": "Any other error, in the Error shape (for example 405 method_not_allowed, 429, 503 with Retry-After).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          }
        }
      }
    },
    "/api/mcp/server-card": {
      "get": {
        "operationId": "getMcpServerCardAtEndpoint",
        "summary": "MCP server card (SEP-2127)",
        "description": "The MCP server card at <mcp-url>/server-card: identity, the Streamable HTTP remote and every protocol revision it serves (application/mcp-server-card+json, with an ETag).",
        "tags": [
          "Discovery"
        ],
        "responses": {
          "200": {
            "description": "The MCP server card at <mcp-url>/server-card: identity, the Streamable HTTP remote and every protocol revision it serves (application/mcp-server-card+json, with an ETag).",
            "content": {
              "application/mcp-server-card+json": {}
            }
          },
          "default": {
            "description": "Any other error, in the Error shape (for example 405 method_not_allowed, 429, 503 with Retry-After).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          }
        }
      }
    },
    "/.well-known/ai-catalog.json": {
      "get": {
        "operationId": "getAiCatalog",
        "summary": "AI catalog",
        "description": "AI Catalog listing the MCP server card.",
        "tags": [
          "Discovery"
        ],
        "responses": {
          "200": {
            "description": "AI Catalog listing the MCP server card.",
            "content": {
              "application/ai-catalog+json": {}
            }
          },
          "default": {
            "description": "Any other error, in the Error shape (for example 405 method_not_allowed, 429, 503 with Retry-After).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          }
        }
      }
    },
    "/.well-known/mcp.json": {
      "get": {
        "operationId": "getMcpManifest",
        "summary": "MCP manifest",
        "description": "The MCP server: endpoint, transport, protocol versions and tools.",
        "tags": [
          "Discovery"
        ],
        "responses": {
          "200": {
            "description": "The MCP server: endpoint, transport, protocol versions and tools.",
            "content": {
              "application/json": {}
            }
          },
          "default": {
            "description": "Any other error, in the Error shape (for example 405 method_not_allowed, 429, 503 with Retry-After).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          }
        }
      }
    },
    "/.well-known/mcp/server-card.json": {
      "get": {
        "operationId": "getMcpServerCard",
        "summary": "MCP server card",
        "description": "MCP server card: name, version, endpoint, transport, capabilities and the tools as tools/list returns them.",
        "tags": [
          "Discovery"
        ],
        "responses": {
          "200": {
            "description": "MCP server card: name, version, endpoint, transport, capabilities and the tools as tools/list returns them.",
            "content": {
              "application/json": {}
            }
          },
          "default": {
            "description": "Any other error, in the Error shape (for example 405 method_not_allowed, 429, 503 with Retry-After).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          }
        }
      }
    },
    "/.well-known/agent-skills/index.json": {
      "get": {
        "operationId": "getAgentSkillsIndex",
        "summary": "Agent skills index",
        "description": "Agent Skills discovery index with a sha256 digest of each skill file.",
        "tags": [
          "Discovery"
        ],
        "responses": {
          "200": {
            "description": "Agent Skills discovery index with a sha256 digest of each skill file.",
            "content": {
              "application/json": {}
            }
          },
          "default": {
            "description": "Any other error, in the Error shape (for example 405 method_not_allowed, 429, 503 with Retry-After).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          }
        }
      }
    },
    "/.well-known/agent-skills/store-finder/SKILL.md": {
      "get": {
        "operationId": "getAgentSkill",
        "summary": "Agent skill",
        "description": "The store-finder agent skill (SKILL.md).",
        "tags": [
          "Discovery"
        ],
        "responses": {
          "200": {
            "description": "The store-finder agent skill (SKILL.md).",
            "content": {
              "text/markdown": {}
            }
          },
          "default": {
            "description": "Any other error, in the Error shape (for example 405 method_not_allowed, 429, 503 with Retry-After).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          }
        }
      }
    }
  },
  "components": {
    "schemas": {
      "ApiIndex": {
        "type": "object",
        "properties": {
          "name": {
            "type": "string"
          },
          "description": {
            "type": "string"
          },
          "version": {
            "type": "string"
          },
          "authentication": {
            "type": "object",
            "properties": {
              "type": {
                "type": "string"
              },
              "required": {
                "type": "boolean"
              },
              "signup": {
                "type": "string"
              }
            },
            "required": [
              "type",
              "required"
            ],
            "additionalProperties": false
          },
          "endpoints": {
            "type": "array",
            "items": {
              "type": "object",
              "properties": {
                "method": {
                  "type": "string"
                },
                "path": {
                  "type": "string"
                },
                "operationId": {
                  "type": "string"
                },
                "description": {
                  "type": "string"
                }
              },
              "required": [
                "method",
                "path",
                "operationId",
                "description"
              ],
              "additionalProperties": false
            }
          },
          "documentation": {
            "type": "object",
            "propertyNames": {
              "type": "string"
            },
            "additionalProperties": {
              "type": "string"
            }
          }
        },
        "required": [
          "name",
          "description",
          "authentication",
          "endpoints",
          "documentation"
        ],
        "additionalProperties": false
      },
      "Error": {
        "type": "object",
        "properties": {
          "error": {
            "type": "string",
            "description": "Human-readable message in Korean, for end users."
          },
          "code": {
            "type": "string",
            "enum": [
              "missing_parameter",
              "invalid_parameter",
              "not_found",
              "route_not_found",
              "method_not_allowed",
              "not_acceptable",
              "request_timeout",
              "payload_too_large",
              "unsupported_media_type",
              "expectation_failed",
              "headers_too_large",
              "rate_limited",
              "internal_error",
              "upstream_error",
              "overloaded",
              "upstream_unavailable",
              "shutting_down"
            ],
            "description": "Stable machine-readable code."
          },
          "message": {
            "type": "string",
            "description": "Human-readable message in English, for agents and logs."
          },
          "hint": {
            "type": "string",
            "description": "What to change so the request succeeds."
          },
          "status": {
            "type": "integer",
            "description": "HTTP status code, repeated in the body."
          },
          "documentation": {
            "type": "string",
            "format": "uri",
            "description": "Developer documentation URL."
          },
          "detail": {
            "description": "Upstream or exception detail, for debugging.",
            "type": "string"
          }
        },
        "required": [
          "error",
          "code",
          "message",
          "hint",
          "status",
          "documentation"
        ],
        "additionalProperties": false,
        "description": "Every non-2xx response."
      },
      "ErrorEvent": {
        "type": "object",
        "properties": {
          "error": {
            "type": "string",
            "description": "Human-readable message in Korean."
          },
          "code": {
            "type": "string",
            "enum": [
              "missing_parameter",
              "invalid_parameter",
              "not_found",
              "route_not_found",
              "method_not_allowed",
              "not_acceptable",
              "request_timeout",
              "payload_too_large",
              "unsupported_media_type",
              "expectation_failed",
              "headers_too_large",
              "rate_limited",
              "internal_error",
              "upstream_error",
              "overloaded",
              "upstream_unavailable",
              "shutting_down"
            ],
            "description": "Stable machine-readable code."
          },
          "message": {
            "type": "string",
            "description": "Human-readable message in English, for agents and logs."
          },
          "hint": {
            "type": "string",
            "description": "What to change so the request succeeds."
          },
          "status": {
            "type": "integer",
            "description": "HTTP status code, repeated in the body."
          },
          "documentation": {
            "type": "string",
            "format": "uri",
            "description": "Developer documentation URL."
          },
          "detail": {
            "description": "Upstream or exception detail.",
            "type": "string"
          },
          "type": {
            "type": "string",
            "const": "error"
          }
        },
        "required": [
          "error",
          "type"
        ],
        "additionalProperties": false
      },
      "JsonRpcRequest": {
        "type": "object",
        "properties": {
          "jsonrpc": {
            "type": "string",
            "const": "2.0"
          },
          "method": {
            "type": "string",
            "description": "server/discover, tools/list, tools/call, prompts/list, prompts/get, completion/complete, or (2025 revisions) initialize, ping, logging/setLevel, or a notification."
          },
          "params": {
            "type": "object",
            "propertyNames": {
              "type": "string"
            },
            "additionalProperties": {}
          },
          "id": {
            "description": "Absent for notifications.",
            "anyOf": [
              {
                "type": "string"
              },
              {
                "type": "integer"
              },
              {
                "type": "null"
              }
            ]
          }
        },
        "required": [
          "jsonrpc",
          "method"
        ],
        "description": "A JSON-RPC 2.0 request or notification."
      },
      "JsonRpcResponse": {
        "type": "object",
        "properties": {
          "jsonrpc": {
            "type": "string",
            "const": "2.0"
          },
          "result": {
            "type": "object",
            "propertyNames": {
              "type": "string"
            },
            "additionalProperties": {}
          },
          "error": {
            "type": "object",
            "properties": {
              "code": {
                "type": "integer"
              },
              "message": {
                "type": "string"
              },
              "data": {}
            },
            "required": [
              "code",
              "message"
            ],
            "additionalProperties": false
          },
          "id": {
            "anyOf": [
              {
                "type": "string"
              },
              {
                "type": "integer"
              },
              {
                "type": "null"
              }
            ]
          }
        },
        "required": [
          "jsonrpc",
          "id"
        ],
        "additionalProperties": false,
        "description": "A JSON-RPC 2.0 response: result or error."
      },
      "McpServerInfo": {
        "type": "object",
        "properties": {
          "serverInfo": {
            "type": "object",
            "properties": {
              "name": {
                "type": "string"
              },
              "version": {
                "type": "string"
              },
              "title": {
                "type": "string"
              },
              "description": {
                "type": "string"
              }
            },
            "required": [
              "name",
              "version",
              "title",
              "description"
            ],
            "additionalProperties": false
          },
          "endpoint": {
            "type": "string",
            "format": "uri",
            "description": "The Streamable HTTP endpoint."
          },
          "tools": {
            "type": "array",
            "items": {
              "type": "object",
              "propertyNames": {
                "type": "string"
              },
              "additionalProperties": {}
            },
            "description": "The tools exactly as tools/list returns them."
          },
          "transport": {
            "type": "string",
            "const": "streamable-http"
          },
          "protocol": {
            "type": "string"
          },
          "protocolVersion": {
            "type": "string",
            "description": "The newest initialize-era version; what initialize answers to a client proposing one the server does not know."
          },
          "protocolVersions": {
            "type": "array",
            "items": {
              "type": "string"
            },
            "description": "Every revision served: 2026-07-28 (server/discover) and the initialize-era ones initialize accepts and echoes back."
          },
          "manifest": {
            "type": "string",
            "format": "uri",
            "description": "The MCP server card."
          },
          "capabilities": {
            "type": "object",
            "propertyNames": {
              "type": "string"
            },
            "additionalProperties": {}
          },
          "instructions": {
            "type": "string"
          }
        },
        "required": [
          "serverInfo",
          "endpoint",
          "tools",
          "transport",
          "protocol",
          "protocolVersion",
          "protocolVersions",
          "manifest",
          "capabilities"
        ],
        "additionalProperties": false,
        "description": "What GET /api/mcp answers: the MCP server, its endpoint and its tools."
      },
      "NearbyStoreStock": {
        "type": "object",
        "properties": {
          "code": {
            "type": "string",
            "description": "Store code."
          },
          "name": {
            "type": "string",
            "description": "Store name."
          },
          "address": {
            "type": "string",
            "description": "Street address, in Korean."
          },
          "stock": {
            "type": "integer",
            "minimum": 1,
            "description": "Units in stock."
          },
          "distanceKm": {
            "description": "Distance from the requested store in kilometres.",
            "type": [
              "number",
              "null"
            ]
          },
          "openNow": {
            "description": "Open now by posted hours; null when unknown.",
            "type": [
              "boolean",
              "null"
            ]
          }
        },
        "required": [
          "code",
          "name",
          "address",
          "stock",
          "distanceKm",
          "openNow"
        ],
        "additionalProperties": false,
        "description": "A nearby store that has the product in stock."
      },
      "Product": {
        "type": "object",
        "properties": {
          "id": {
            "type": "string",
            "description": "Product number. Pass it to getProductAvailability."
          },
          "name": {
            "type": "string",
            "description": "Product name, in Korean."
          },
          "price": {
            "type": "integer",
            "description": "Price in KRW."
          },
          "image": {
            "anyOf": [
              {
                "type": "string",
                "format": "uri"
              },
              {
                "type": "null"
              }
            ],
            "description": "Image URL; null when the catalogue has no image."
          },
          "stock": {
            "type": "integer",
            "minimum": 1,
            "description": "Units in stock at the requested store."
          },
          "stairNo": {
            "type": "integer",
            "description": "Floor inside the store (negative numbers are basement floors: -1 is B1)."
          },
          "zoneNo": {
            "type": "integer",
            "description": "Zone number on that floor."
          },
          "floorLabel": {
            "description": "The floor as shoppers read it: B1, 1F, 2F; null when unknown.",
            "type": [
              "string",
              "null"
            ]
          }
        },
        "required": [
          "id",
          "name",
          "price",
          "image",
          "stock",
          "stairNo",
          "zoneNo",
          "floorLabel"
        ],
        "additionalProperties": false,
        "description": "A product that is in stock at the requested store."
      },
      "ProductAvailability": {
        "type": "object",
        "properties": {
          "stock": {
            "type": "integer",
            "minimum": 0,
            "description": "Units in stock at the requested store. 0 means out of stock."
          },
          "stairNo": {
            "anyOf": [
              {
                "type": "integer"
              },
              {
                "type": "null"
              }
            ],
            "description": "Floor; null when placement is unknown."
          },
          "zoneNo": {
            "anyOf": [
              {
                "type": "integer"
              },
              {
                "type": "null"
              }
            ],
            "description": "Zone; null when placement is unknown."
          },
          "floorLabel": {
            "description": "The floor as shoppers read it: B1, 1F, 2F; null when unknown.",
            "type": [
              "string",
              "null"
            ]
          },
          "otherBranches": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/NearbyStoreStock"
            },
            "description": "Nearby stores (of the 50 nearest) that have the product in stock, nearest first, at most 20."
          },
          "product": {
            "type": "object",
            "properties": {
              "id": {
                "type": "string"
              },
              "name": {
                "type": [
                  "string",
                  "null"
                ]
              },
              "price": {
                "anyOf": [
                  {
                    "type": "integer"
                  },
                  {
                    "type": "null"
                  }
                ]
              }
            },
            "required": [
              "id",
              "name",
              "price"
            ],
            "additionalProperties": false,
            "description": "The product asked about; name and price null when the catalogue does not list it."
          },
          "store": {
            "type": "object",
            "properties": {
              "code": {
                "type": "string"
              },
              "name": {
                "type": "string"
              },
              "openNow": {
                "type": [
                  "boolean",
                  "null"
                ]
              },
              "openTime": {
                "type": "string"
              },
              "closeTime": {
                "type": "string"
              }
            },
            "required": [
              "code",
              "name",
              "openNow",
              "openTime",
              "closeTime"
            ],
            "additionalProperties": false,
            "description": "The store asked about."
          },
          "asOf": {
            "type": "string",
            "description": "When the stock was read from the upstream (ISO 8601); a cached answer keeps its time."
          }
        },
        "required": [
          "stock",
          "stairNo",
          "zoneNo",
          "floorLabel",
          "otherBranches",
          "product",
          "store",
          "asOf"
        ],
        "additionalProperties": false,
        "description": "One product's stock and placement at a store, and nearby stores that have it."
      },
      "ProductSearchResult": {
        "type": "object",
        "properties": {
          "products": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Product"
            },
            "description": "In-stock products with a known shelf, in relevance order (several keywords: by keyword)."
          },
          "unplaced": {
            "description": "In-stock products whose floor and zone the chain does not name; with \`products\`, every in-stock match found.",
            "type": "array",
            "items": {
              "type": "object",
              "properties": {
                "id": {
                  "type": "string",
                  "description": "Product number. Pass it to getProductAvailability."
                },
                "name": {
                  "type": "string",
                  "description": "Product name, in Korean."
                },
                "price": {
                  "type": "integer",
                  "description": "Price in KRW."
                },
                "stock": {
                  "type": "integer",
                  "minimum": 1,
                  "description": "Units in stock at the requested store."
                },
                "placement": {
                  "type": "string",
                  "const": "unknown"
                }
              },
              "required": [
                "id",
                "name",
                "price",
                "stock",
                "placement"
              ],
              "additionalProperties": false,
              "description": "In stock here; the chain names no floor or zone for it."
            }
          },
          "keywords": {
            "description": "Several keywords, or words left out.",
            "type": "array",
            "items": {
              "type": "object",
              "properties": {
                "keyword": {
                  "type": "string"
                },
                "productIds": {
                  "type": "array",
                  "items": {
                    "type": "string"
                  }
                },
                "ignored": {
                  "type": "array",
                  "items": {
                    "type": "string"
                  }
                },
                "notSold": {
                  "type": "boolean",
                  "const": true
                },
                "hint": {
                  "type": "string"
                }
              },
              "required": [
                "keyword",
                "productIds"
              ],
              "additionalProperties": false,
              "description": "One keyword: its products (ids in products or unplaced), words left out; notSold: the chain sells no such thing."
            }
          },
          "note": {
            "description": "How the keyword was read when not as typed (words left out, English read in Korean, a slip corrected).",
            "type": "string"
          },
          "asOf": {
            "type": "string",
            "description": "When the stock was read from the upstream (ISO 8601); a cached answer keeps its time."
          },
          "hasMore": {
            "type": "boolean",
            "description": "Whether more catalogue pages remain to scan."
          },
          "nextPage": {
            "type": "integer",
            "minimum": 1,
            "description": "Value to pass as currentPage for the next page."
          },
          "hint": {
            "description": "Only when nothing in stock was found: what to try next (the catalogue search, or the nearby search).",
            "type": "string"
          }
        },
        "required": [
          "products",
          "asOf",
          "hasMore",
          "nextPage"
        ],
        "additionalProperties": false,
        "description": "One page of an in-store product search."
      },
      "ProgressEvent": {
        "type": "object",
        "properties": {
          "type": {
            "type": "string",
            "const": "progress"
          },
          "found": {
            "type": "integer",
            "minimum": 0,
            "description": "In-stock products confirmed so far."
          },
          "target": {
            "type": "integer",
            "minimum": 0,
            "description": "Products wanted for this page."
          },
          "percent": {
            "type": "integer",
            "minimum": 0,
            "maximum": 100
          },
          "page": {
            "type": "integer",
            "minimum": 1,
            "description": "Catalogue page being scanned."
          },
          "scanned": {
            "type": "integer",
            "minimum": 0,
            "description": "Catalogue entries inspected so far."
          }
        },
        "required": [
          "type",
          "found",
          "target",
          "percent",
          "page",
          "scanned"
        ],
        "additionalProperties": false
      },
      "ResultEvent": {
        "type": "object",
        "properties": {
          "products": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Product"
            },
            "description": "In-stock products with a known shelf, in relevance order (several keywords: by keyword)."
          },
          "unplaced": {
            "description": "In-stock products whose floor and zone the chain does not name; with \`products\`, every in-stock match found.",
            "type": "array",
            "items": {
              "type": "object",
              "properties": {
                "id": {
                  "type": "string",
                  "description": "Product number. Pass it to getProductAvailability."
                },
                "name": {
                  "type": "string",
                  "description": "Product name, in Korean."
                },
                "price": {
                  "type": "integer",
                  "description": "Price in KRW."
                },
                "stock": {
                  "type": "integer",
                  "minimum": 1,
                  "description": "Units in stock at the requested store."
                },
                "placement": {
                  "type": "string",
                  "const": "unknown"
                }
              },
              "required": [
                "id",
                "name",
                "price",
                "stock",
                "placement"
              ],
              "additionalProperties": false,
              "description": "In stock here; the chain names no floor or zone for it."
            }
          },
          "keywords": {
            "description": "Several keywords, or words left out.",
            "type": "array",
            "items": {
              "type": "object",
              "properties": {
                "keyword": {
                  "type": "string"
                },
                "productIds": {
                  "type": "array",
                  "items": {
                    "type": "string"
                  }
                },
                "ignored": {
                  "type": "array",
                  "items": {
                    "type": "string"
                  }
                },
                "notSold": {
                  "type": "boolean",
                  "const": true
                },
                "hint": {
                  "type": "string"
                }
              },
              "required": [
                "keyword",
                "productIds"
              ],
              "additionalProperties": false,
              "description": "One keyword: its products (ids in products or unplaced), words left out; notSold: the chain sells no such thing."
            }
          },
          "note": {
            "description": "How the keyword was read when not as typed (words left out, English read in Korean, a slip corrected).",
            "type": "string"
          },
          "asOf": {
            "type": "string",
            "description": "When the stock was read from the upstream (ISO 8601); a cached answer keeps its time."
          },
          "hasMore": {
            "type": "boolean",
            "description": "Whether more catalogue pages remain to scan."
          },
          "nextPage": {
            "type": "integer",
            "minimum": 1,
            "description": "Value to pass as currentPage for the next page."
          },
          "hint": {
            "description": "Only when nothing in stock was found: what to try next (the catalogue search, or the nearby search).",
            "type": "string"
          },
          "type": {
            "type": "string",
            "const": "result"
          }
        },
        "required": [
          "products",
          "asOf",
          "hasMore",
          "nextPage",
          "type"
        ],
        "additionalProperties": false
      },
      "SandboxIndex": {
        "type": "object",
        "properties": {
          "name": {
            "type": "string"
          },
          "description": {
            "type": "string"
          },
          "upstream": {
            "type": "string",
            "const": "never contacted"
          },
          "authentication": {
            "type": "object",
            "properties": {
              "type": {
                "type": "string",
                "const": "none"
              },
              "required": {
                "type": "boolean",
                "const": false
              }
            },
            "required": [
              "type",
              "required"
            ],
            "additionalProperties": false
          },
          "storeCodes": {
            "type": "array",
            "items": {
              "type": "string"
            },
            "description": "Fixture store codes."
          },
          "lookupStoreCode": {
            "type": "string",
            "description": "The only code getSandboxStore answers with a Store; others are 404."
          },
          "productKeywords": {
            "type": "array",
            "items": {
              "type": "string"
            },
            "description": "Keywords that match fixture products."
          },
          "operations": {
            "type": "array",
            "items": {
              "type": "object",
              "properties": {
                "operationId": {
                  "type": "string"
                },
                "method": {
                  "type": "string"
                },
                "path": {
                  "type": "string"
                },
                "production": {
                  "type": "string",
                  "description": "The production operation this one mirrors."
                },
                "description": {
                  "type": "string"
                },
                "examples": {
                  "type": "array",
                  "items": {
                    "type": "object",
                    "properties": {
                      "description": {
                        "type": "string"
                      },
                      "url": {
                        "type": "string",
                        "format": "uri"
                      }
                    },
                    "required": [
                      "description",
                      "url"
                    ],
                    "additionalProperties": false
                  }
                }
              },
              "required": [
                "operationId",
                "method",
                "path",
                "production",
                "description",
                "examples"
              ],
              "additionalProperties": false
            }
          },
          "documentation": {
            "type": "string",
            "format": "uri"
          },
          "openapi": {
            "type": "string",
            "format": "uri"
          }
        },
        "required": [
          "name",
          "description",
          "upstream",
          "authentication",
          "storeCodes",
          "lookupStoreCode",
          "productKeywords",
          "operations",
          "documentation",
          "openapi"
        ],
        "additionalProperties": false,
        "description": "What the sandbox is, its fixture data and an example request for each sandbox operation."
      },
      "Store": {
        "type": "object",
        "properties": {
          "code": {
            "type": "string",
            "description": "Store code. Pass it as \`branchCode\` to the product operations."
          },
          "name": {
            "type": "string",
            "description": "Store name, in Korean (without the chain prefix)."
          },
          "lat": {
            "type": "number",
            "description": "Latitude, WGS 84."
          },
          "lng": {
            "type": "number",
            "description": "Longitude, WGS 84."
          },
          "address": {
            "type": "string",
            "description": "Street address, in Korean."
          },
          "openTime": {
            "type": "string",
            "pattern": "^\\\\d{2}:\\\\d{2}$",
            "description": "Opening time, HH:MM (Korea Standard Time)."
          },
          "closeTime": {
            "type": "string",
            "pattern": "^\\\\d{2}:\\\\d{2}$",
            "description": "Closing time, HH:MM (Korea Standard Time)."
          },
          "openNow": {
            "description": "Whether the store is open now by its posted hours, in Korea time (public holidays are not known); null when the hours are unreadable.",
            "type": [
              "boolean",
              "null"
            ]
          },
          "distanceKm": {
            "description": "Distance in kilometres from the coordinates searched around; only on a search by coordinates.",
            "type": "number"
          },
          "facilities": {
            "description": "What the store offers, as the chain lists it: parking, elevator, ramp, taxFree, pickup, usim, overseasUsim, cashless, eReceipt, photoSticker. Absent when the chain's answer did not say.",
            "type": "array",
            "items": {
              "type": "string",
              "enum": [
                "parking",
                "elevator",
                "ramp",
                "taxFree",
                "pickup",
                "usim",
                "overseasUsim",
                "cashless",
                "eReceipt",
                "photoSticker"
              ]
            }
          }
        },
        "required": [
          "code",
          "name",
          "lat",
          "lng",
          "address",
          "openTime",
          "closeTime",
          "openNow"
        ],
        "additionalProperties": false,
        "description": "A Daiso (다이소) store."
      }
    }
  },
  "externalDocs": {
    "description": "Developer guide",
    "url": "http://api.test/developers"
  }
}
`

exports[`test/habits/contract-snapshots.test.ts > TAP > tools/list as clients receive it > tools/list 1`] = `
[
  {
    "name": "search_stores",
    "title": "Search stores by keyword",
    "description": "Daiso (다이소) stores by place or store name as typed (강남역 다이소, Itaewon), exact names first, with hours (Korea time), openNow, facilities. A word no store has is dropped and named in \`hint\`.\\nNext: code as branchCode to find_product_nearby.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "keyword": {
          "type": "string",
          "minLength": 1,
          "maxLength": 100,
          "description": "Place or store name in Korean (e.g. 강남역)."
        },
        "near": {
          "description": "A place name.",
          "type": "string",
          "minLength": 1,
          "maxLength": 100
        },
        "facility": {
          "description": "Only stores with it (ramp: step-free; cashless: cards only).",
          "type": "string",
          "enum": [
            "parking",
            "elevator",
            "ramp",
            "taxFree",
            "pickup",
            "usim",
            "overseasUsim",
            "cashless",
            "eReceipt",
            "photoSticker"
          ]
        },
        "currentPage": {
          "default": 1,
          "description": "Page; pass nextPage to continue.",
          "type": "integer",
          "minimum": 1,
          "maximum": 1000
        },
        "pageSize": {
          "default": 10,
          "description": "Stores per page.",
          "type": "integer",
          "minimum": 1,
          "maximum": 10
        }
      },
      "required": [
        "keyword"
      ],
      "additionalProperties": false
    },
    "outputSchema": {
      "type": "object",
      "properties": {
        "stores": {
          "items": {
            "properties": {
              "code": {
                "type": "string"
              },
              "name": {
                "type": "string"
              },
              "lat": {
                "type": "number"
              },
              "lng": {
                "type": "number"
              },
              "address": {
                "type": "string"
              },
              "openTime": {
                "type": "string"
              },
              "closeTime": {
                "type": "string"
              },
              "openNow": {
                "type": [
                  "boolean",
                  "null"
                ]
              },
              "distanceKm": {
                "type": "number"
              },
              "facilities": {
                "items": {
                  "type": "string"
                }
              }
            }
          }
        },
        "hasMore": {
          "type": "boolean"
        },
        "nextPage": {
          "type": "integer"
        },
        "hint": {
          "type": "string"
        },
        "place": {
          "type": "object"
        }
      }
    },
    "annotations": {
      "title": "Search stores by keyword",
      "readOnlyHint": true,
      "openWorldHint": true,
      "untrustedContentHint": true
    }
  },
  {
    "name": "search_nearby_stores",
    "title": "Stores near a place",
    "description": "Daiso (다이소) stores nearest a point (37.4979, 127.0276 = Gangnam Station) or a place (near: 경복궁), nearest first, with distanceKm, hours, openNow.\\nWhich has a product: find_product_nearby.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "latitude": {
          "description": "Latitude, with longitude.",
          "type": "number",
          "minimum": 32.8,
          "maximum": 38.9
        },
        "longitude": {
          "description": "Longitude, with latitude.",
          "type": "number",
          "minimum": 124.5,
          "maximum": 132
        },
        "near": {
          "description": "A place name.",
          "type": "string",
          "minLength": 1,
          "maxLength": 100
        },
        "facility": {
          "description": "Only stores with it (ramp: step-free; cashless: cards only).",
          "type": "string",
          "enum": [
            "parking",
            "elevator",
            "ramp",
            "taxFree",
            "pickup",
            "usim",
            "overseasUsim",
            "cashless",
            "eReceipt",
            "photoSticker"
          ]
        },
        "openNow": {
          "description": "true: only stores open now.",
          "type": "boolean"
        },
        "currentPage": {
          "default": 1,
          "description": "Page; pass nextPage to continue.",
          "type": "integer",
          "minimum": 1,
          "maximum": 1000
        },
        "pageSize": {
          "default": 10,
          "description": "Stores per page.",
          "type": "integer",
          "minimum": 1,
          "maximum": 10
        }
      },
      "additionalProperties": false
    },
    "outputSchema": {
      "type": "object",
      "properties": {
        "stores": {
          "items": {
            "properties": {
              "code": {
                "type": "string"
              },
              "name": {
                "type": "string"
              },
              "lat": {
                "type": "number"
              },
              "lng": {
                "type": "number"
              },
              "address": {
                "type": "string"
              },
              "openTime": {
                "type": "string"
              },
              "closeTime": {
                "type": "string"
              },
              "openNow": {
                "type": [
                  "boolean",
                  "null"
                ]
              },
              "distanceKm": {
                "type": "number"
              },
              "facilities": {
                "items": {
                  "type": "string"
                }
              }
            }
          }
        },
        "hasMore": {
          "type": "boolean"
        },
        "nextPage": {
          "type": "integer"
        },
        "hint": {
          "type": "string"
        },
        "place": {
          "type": "object"
        }
      }
    },
    "annotations": {
      "title": "Stores near a place",
      "readOnlyHint": true,
      "openWorldHint": true,
      "untrustedContentHint": true
    },
    "_meta": {
      "ui": {
        "resourceUri": "ui://store-finder/nearby-v1.html"
      },
      "ui/resourceUri": "ui://store-finder/nearby-v1.html"
    }
  },
  {
    "name": "get_store",
    "title": "Get a store by code",
    "description": "One Daiso (다이소) store by its 5-digit code: name, address, coordinates, hours (Korea time), openNow (posted hours; holidays unknown).",
    "inputSchema": {
      "type": "object",
      "properties": {
        "branchCode": {
          "type": "string",
          "pattern": "^\\\\d{5}$",
          "description": "Store code from search_stores (11199)."
        }
      },
      "required": [
        "branchCode"
      ],
      "additionalProperties": false
    },
    "outputSchema": {
      "type": "object",
      "properties": {
        "code": {
          "type": "string"
        },
        "name": {
          "type": "string"
        },
        "lat": {
          "type": "number"
        },
        "lng": {
          "type": "number"
        },
        "address": {
          "type": "string"
        },
        "openTime": {
          "type": "string"
        },
        "closeTime": {
          "type": "string"
        },
        "openNow": {
          "type": [
            "boolean",
            "null"
          ]
        },
        "distanceKm": {
          "type": "number"
        },
        "facilities": {
          "items": {
            "type": "string"
          }
        }
      }
    },
    "annotations": {
      "title": "Get a store by code",
      "readOnlyHint": true,
      "openWorldHint": true,
      "untrustedContentHint": true
    }
  },
  {
    "name": "search_products",
    "title": "Products in stock at a store",
    "description": "Products matching \`keyword\` in stock at one Daiso (다이소) store: stock, price, floorLabel (B1, 1F) and zone; \`unplaced\`: shelf unknown.\\nScans the catalogue until 10 are found, in seconds (send a progressToken).\\nHere or else the nearest store: find_product_nearby.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "branchCode": {
          "type": "string",
          "pattern": "^\\\\d{5}$",
          "description": "Store code from search_stores (11199)."
        },
        "keyword": {
          "type": "string",
          "minLength": 1,
          "maxLength": 100,
          "description": "Product word (수납함, umbrella); up to 5 comma-separated."
        },
        "currentPage": {
          "default": 1,
          "description": "Catalogue page; pass nextPage to continue.",
          "type": "integer",
          "minimum": 1,
          "maximum": 1000
        },
        "includeImages": {
          "description": "true: add image URLs.",
          "type": "boolean"
        }
      },
      "required": [
        "branchCode",
        "keyword"
      ],
      "additionalProperties": false
    },
    "outputSchema": {
      "type": "object",
      "properties": {
        "products": {
          "items": {
            "properties": {
              "id": {
                "type": "string"
              },
              "name": {
                "type": "string"
              },
              "price": {
                "type": "integer"
              },
              "stock": {
                "type": "integer"
              },
              "stairNo": {
                "type": "integer"
              },
              "zoneNo": {
                "type": "integer"
              },
              "floorLabel": {
                "type": [
                  "string",
                  "null"
                ]
              },
              "image": {
                "type": "string"
              }
            }
          }
        },
        "unplaced": {
          "items": {
            "properties": {
              "id": {
                "type": "string"
              },
              "name": {
                "type": "string"
              },
              "price": {
                "type": "integer"
              },
              "stock": {
                "type": "integer"
              },
              "placement": {
                "type": "string",
                "const": "unknown"
              }
            }
          }
        },
        "keywords": {
          "items": {
            "properties": {
              "keyword": {
                "type": "string"
              },
              "productIds": {
                "items": {
                  "type": "string"
                }
              },
              "ignored": {
                "items": {
                  "type": "string"
                }
              },
              "notSold": {
                "type": "boolean",
                "const": true
              },
              "hint": {
                "type": "string"
              }
            }
          }
        },
        "note": {
          "type": "string"
        },
        "asOf": {
          "type": "string"
        },
        "hasMore": {
          "type": "boolean"
        },
        "nextPage": {
          "type": "integer"
        },
        "hint": {
          "type": "string"
        }
      }
    },
    "annotations": {
      "title": "Products in stock at a store",
      "readOnlyHint": true,
      "openWorldHint": true,
      "untrustedContentHint": true
    }
  },
  {
    "name": "get_product_availability",
    "title": "A product's stock at a store",
    "description": "Stock of one Daiso (다이소) product id at one store (0 = none), floor and zone (null: unknown), the store's hours and openNow, and up to 20 of the 50 nearest stores with it.\\nFor a product word: find_product_nearby.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "productId": {
          "type": "string",
          "pattern": "^[A-Za-z]?\\\\d{4,15}$",
          "description": "Product \`id\` from search_products or search_catalogue."
        },
        "branchCode": {
          "type": "string",
          "pattern": "^\\\\d{5}$",
          "description": "Store code from search_stores (11199)."
        }
      },
      "required": [
        "productId",
        "branchCode"
      ],
      "additionalProperties": false
    },
    "outputSchema": {
      "type": "object",
      "properties": {
        "stock": {
          "type": "integer"
        },
        "stairNo": {
          "type": [
            "integer",
            "null"
          ]
        },
        "zoneNo": {
          "type": [
            "integer",
            "null"
          ]
        },
        "floorLabel": {
          "type": [
            "string",
            "null"
          ]
        },
        "otherBranches": {
          "items": {
            "properties": {
              "code": {
                "type": "string"
              },
              "name": {
                "type": "string"
              },
              "address": {
                "type": "string"
              },
              "stock": {
                "type": "integer"
              },
              "distanceKm": {
                "type": [
                  "number",
                  "null"
                ]
              },
              "openNow": {
                "type": [
                  "boolean",
                  "null"
                ]
              }
            }
          }
        },
        "product": {
          "properties": {
            "id": {
              "type": "string"
            },
            "name": {
              "type": [
                "string",
                "null"
              ]
            },
            "price": {
              "type": [
                "integer",
                "null"
              ]
            }
          }
        },
        "store": {
          "properties": {
            "code": {
              "type": "string"
            },
            "name": {
              "type": "string"
            },
            "openNow": {
              "type": [
                "boolean",
                "null"
              ]
            },
            "openTime": {
              "type": "string"
            },
            "closeTime": {
              "type": "string"
            }
          }
        },
        "asOf": {
          "type": "string"
        }
      }
    },
    "annotations": {
      "title": "A product's stock at a store",
      "readOnlyHint": true,
      "openWorldHint": true,
      "untrustedContentHint": true
    }
  },
  {
    "name": "search_catalogue",
    "title": "Search the Daiso catalogue",
    "description": "The Daiso (다이소) catalogue, whatever the stock: up to 20 products a page, best first; \`total\` = all matches (0 with \`hint\` when none).\\nNext: find_product_nearby with an id.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "keyword": {
          "type": "string",
          "minLength": 1,
          "maxLength": 100,
          "description": "Product word (우산, umbrella) or number; up to 5 comma-separated."
        },
        "currentPage": {
          "default": 1,
          "description": "Page; pass nextPage to continue.",
          "type": "integer",
          "minimum": 1,
          "maximum": 1000
        },
        "includeImages": {
          "description": "true: add image URLs.",
          "type": "boolean"
        }
      },
      "required": [
        "keyword"
      ],
      "additionalProperties": false
    },
    "outputSchema": {
      "type": "object",
      "properties": {
        "products": {
          "items": {
            "properties": {
              "id": {
                "type": "string"
              },
              "name": {
                "type": "string"
              },
              "price": {
                "type": "integer"
              },
              "image": {
                "type": "string"
              }
            }
          }
        },
        "total": {
          "type": [
            "integer",
            "null"
          ]
        },
        "hasMore": {
          "type": "boolean"
        },
        "nextPage": {
          "type": "integer"
        },
        "note": {
          "type": "string"
        },
        "hint": {
          "type": "string"
        }
      }
    },
    "annotations": {
      "title": "Search the Daiso catalogue",
      "readOnlyHint": true,
      "openWorldHint": true,
      "untrustedContentHint": true
    }
  },
  {
    "name": "find_product_nearby",
    "title": "Find a product nearby",
    "description": "Does this Daiso (다이소) store have a product, and if not which nearby store does, on which floor, open now? One call, for a word (우산) or product number.\\nChecks the best 10 matches (\`products\`; \`matched\` = all) at the 50 nearest stores. \`here\`: the asked store's items in stock (\`unknown\`: stock unread, not sold out). \`stores\`: the nearest others with any.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "keyword": {
          "type": "string",
          "minLength": 1,
          "maxLength": 100,
          "description": "Product word (우산, umbrella) or number; up to 5 comma-separated."
        },
        "branchCode": {
          "description": "The store asked about (11199), or latitude and longitude.",
          "type": "string",
          "pattern": "^\\\\d{5}$"
        },
        "latitude": {
          "description": "Latitude, with longitude.",
          "type": "number",
          "minimum": 32.8,
          "maximum": 38.9
        },
        "longitude": {
          "description": "Longitude, with latitude.",
          "type": "number",
          "minimum": 124.5,
          "maximum": 132
        },
        "near": {
          "description": "A place name.",
          "type": "string",
          "minLength": 1,
          "maxLength": 100
        },
        "openNow": {
          "description": "true: only stores open now.",
          "type": "boolean"
        },
        "facility": {
          "description": "Only stores with it (ramp: step-free; cashless: cards only).",
          "type": "string",
          "enum": [
            "parking",
            "elevator",
            "ramp",
            "taxFree",
            "pickup",
            "usim",
            "overseasUsim",
            "cashless",
            "eReceipt",
            "photoSticker"
          ]
        },
        "limit": {
          "default": 5,
          "description": "Other stores with stock to list.",
          "type": "integer",
          "minimum": 1,
          "maximum": 20
        }
      },
      "required": [
        "keyword"
      ],
      "additionalProperties": false
    },
    "outputSchema": {
      "type": "object",
      "properties": {
        "origin": {
          "properties": {
            "lat": {
              "type": "number"
            },
            "lng": {
              "type": "number"
            }
          }
        },
        "products": {
          "items": {
            "properties": {
              "id": {
                "type": "string"
              },
              "name": {
                "type": "string"
              },
              "price": {
                "type": "integer"
              },
              "keyword": {
                "type": "string"
              }
            }
          }
        },
        "note": {
          "type": "string"
        },
        "place": {
          "type": "object"
        },
        "matched": {
          "type": "integer"
        },
        "here": {
          "$ref": "#/definitions/s0"
        },
        "stores": {
          "items": {
            "$ref": "#/definitions/s0"
          }
        },
        "moreStores": {
          "type": "integer"
        },
        "asOf": {
          "type": "string"
        },
        "hint": {
          "type": "string"
        }
      },
      "definitions": {
        "s0": {
          "properties": {
            "code": {
              "type": "string"
            },
            "name": {
              "type": "string"
            },
            "distanceKm": {
              "type": "number"
            },
            "lat": {
              "type": "number"
            },
            "lng": {
              "type": "number"
            },
            "openNow": {
              "type": "boolean"
            },
            "hours": {
              "type": "string"
            },
            "address": {
              "type": "string"
            },
            "items": {
              "items": {
                "properties": {
                  "id": {
                    "type": "string"
                  },
                  "stock": {
                    "type": "integer"
                  },
                  "floor": {
                    "type": "string"
                  },
                  "zone": {
                    "type": "integer"
                  },
                  "shelf": {
                    "type": "string",
                    "enum": [
                      "unknown",
                      "not_checked"
                    ]
                  }
                }
              }
            },
            "missing": {
              "items": {
                "type": "string"
              }
            },
            "unknown": {
              "items": {
                "type": "string"
              }
            },
            "usualShelf": {
              "properties": {
                "floor": {
                  "type": "string"
                },
                "zone": {
                  "type": "integer"
                },
                "shelf": {
                  "type": "string",
                  "enum": [
                    "unknown",
                    "not_checked"
                  ]
                }
              }
            }
          }
        }
      }
    },
    "annotations": {
      "title": "Find a product nearby",
      "readOnlyHint": true,
      "openWorldHint": true,
      "untrustedContentHint": true
    },
    "_meta": {
      "ui": {
        "resourceUri": "ui://store-finder/nearby-v1.html"
      },
      "ui/resourceUri": "ui://store-finder/nearby-v1.html"
    }
  }
]
`
