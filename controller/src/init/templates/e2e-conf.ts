// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${VAR} below is e2e.conf text, not a template.
// The e2e.conf written by `e2e init` for the user's service (name, base URL, health path) and
// project (name and version): every section and option, each at its default unless a comment says
// otherwise, so deleting a line never changes behaviour by surprise.

import type { InitService } from "./init-service.js";

/** general.project, and a comment on where each value comes from. */
export interface ConfProject {
  name: string;
  version: string;
  nameNote: string;
  versionNote: string;
}

const pad = (text: string, width: number) => " ".repeat(Math.max(1, width - text.length));

/** A YAML scalar: plain when it cannot be read as anything but that text, else a JSON string. */
function scalar(text: string): string {
  const plain = /^[A-Za-z][\w.@/-]*$/.test(text) && !/^(true|false|yes|no|on|off|null)$/i.test(text);
  return plain ? text : JSON.stringify(text);
}

export function e2eConf(service: InitService, project: ConfProject): string {
  const name = scalar(project.name);
  const version = JSON.stringify(project.version);
  return `# e2e.conf: configuration of the Gantry end-to-end test runner (\`e2e run\`).
#
# Looked for, in order: $E2E_CONFIG_PATH, ./e2e.conf, ./config/e2e.conf, ./tests/e2e.conf,
# $XDG_CONFIG_HOME/e2e/default.conf (~/.config/e2e/default.conf). Point E2E_CONFIG_PATH at
# another file to switch profiles. Relative paths are relative to the folder of this file.
#
# Values may read the environment: \${VAR} or \${VAR:-default}, no spaces inside the braces.
# The environment wins, then the inline default, then Gantry's default for that option.
# Keep secrets (tokens, passwords, API keys) in the environment, not in this file.
#
# Every option is shown with its default; a comment says where this file differs.

general:
  environment: \${ENVIRONMENT:-dev}   # dev, staging or production
  timeout: \${TIMEOUT:-30000}         # HTTP request timeout, ms
  user_agent: Gantry-E2E/2.0         # User-Agent header of every request
  verbose: \${VERBOSE:-true}          # verbose logging
  project:                           # the HTML report's title
    name: ${name}${pad(name, 27)}# ${project.nameNote}
    version: ${version}${pad(version, 24)}# ${project.versionNote}
  verification_level: strict         # strict: unknown options are errors; lenient: warnings

# One block per service (an API under test); services run in this order. A service's tests
# live in services/<name>/: page.ts (its page class) and modules/NN_<words>.ts (scenarios).
services:
  ${service.name}:
    base_url: \${API_BASE_URL:-${service.baseUrl}}   # required
    health_endpoint: ${service.health}${" ".repeat(Math.max(1, 25 - service.health.length))}# default /actuator/health
    # port: 8080                     # the port the service listens on when Gantry starts it
    # maven_module: services/${service.name}   # folder with the service's code (Dockerfile or start command)
    # timeout: 30000                 # request timeout for this service (general.timeout), ms
    # startup_timeout: 60000         # bounds start-up and health waits, ms
    headers:                         # default request headers, name: value
    # This project holds only the tests, not the service's code, so Gantry must not try to
    # start it: set auto_start back to true once maven_module points at the code.
    auto_start: false                # default true: start the service when it is not healthy
    required: true                   # a required service that is down stops the run (exit 3)
    parallel: false                  # true: its modules run at the same time (up to --workers), each on its own page
    # auth:                           # log in once per run; the token goes with every request
    #   type: login
    #   method: POST                   # default POST
    #   path: /api/auth/login          # required
    #   body:                          # the login request's JSON body (keep the password in the environment)
    #     email: admin@example.com
    #     password: \${E2E_PASSWORD}
    #   token_path: token              # where the token is in the answer (dotted: data.access_token)
    #   header: Authorization          # default Authorization
    #   scheme: Bearer                 # "Bearer <token>"; "" sends the token alone
    #   refresh_on: [401]              # log in again once (shared) and repeat the request
    # auth: { type: bearer, bearer_token: \${API_TOKEN} }   # or a static credential, as in api_gateway.auth
    # auth: { type: api_key, api_key_header: X-API-Key, api_key_value: \${API_KEY} }
    endpoints:                       # endpoint name: path, paths may hold {id}
    #   user: /api/users/{id}
    # How to start it, when auto_start is true:
    launcher: auto                   # auto (Docker when an engine answers, else a process), docker, process
    # image: ${service.name}:local${" ".repeat(Math.max(1, 20 - service.name.length))}# run this local image instead of building maven_module's Dockerfile
    # build_context: ../${service.name}${" ".repeat(Math.max(1, 13 - service.name.length))}# folder sent to Docker with the Dockerfile (unset: its own folder, or this one)
    start_command: [npm, run, start] # process launcher: the command run in maven_module
    env:                             # environment of the started service
    #   LOG_LEVEL: info
    depends_on:                      # backing containers started first, e.g.:
    #   redis:
    #     image: redis:8             # a local image tag (required)
    #     port: 6379                 # container port, published on 127.0.0.1
    #     command: [redis-server, --save, ""]
    #     health: tcp                # or {command: [redis-cli, ping]}
    #     url_env: REDIS_URL         # env var of the service that receives the URL
    #     url_template: "redis://{host}:{port}"   # default tcp://{host}:{port}
    #     env:

api_gateway:
  enabled: false                     # when true, a service's URL is {url}{prefix}/{name}, with
                                     # the service's base_url as fallback if the gateway fails
  url: ""                            # e.g. http://127.0.0.1:8000
  prefix: ""                         # e.g. /api
  auth:
    type: none                       # none, bearer or api_key
    bearer_token: null               # e.g. \${GATEWAY_TOKEN}
    api_key_header: null             # e.g. X-Api-Key
    api_key_value: null              # e.g. \${GATEWAY_API_KEY}

databases:                           # name: connection settings, for scenarios that check data
#   main:
#     host: localhost
#     port: 5432
#     database: ""
#     username: ""
#     password: \${DB_PASSWORD:-}
#     enabled: false

test_data:
  user:
    email_domain: example.test
    password: \${TEST_USER_PASSWORD:-Test-Password-1}
    username_prefix: testuser
  timing:
    # Gantry's default when step_delay is left out is 100 ms, which paces requests for services
    # that need it; a local API does not, and 100 ms per request made one suite 2.7x slower.
    step_delay: 0                    # pause between requests of a module, ms (default 100)
    async_timeout: 10000             # wait for asynchronous effects, ms
  retries:
    max_attempts: 3
    backoff_ms: 1000

security:
  verify_ssl: true
  ssl_cert: null                     # client certificate file
  ssl_key: null                      # client key file
  ssl_ca: null                       # extra CA bundle file
  test_tokens:                       # name: token; redacted in every report
  #   admin: \${ADMIN_TOKEN}

reporting:
  format: console                    # console, json, junit, html, a reporter module (./my-reporter.ts), or a list: [console, junit]
  save_logs: true                    # write logs to log_dir
  log_dir: ./logs
  include_payloads: false            # request and response bodies in reports (secrets redacted)
  screenshot_on_failure: false
`;
}
