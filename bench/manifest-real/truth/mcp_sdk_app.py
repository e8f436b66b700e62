"""The MCP Python SDK's server apps as its documentation builds them, every HTTP option on.

Used as `mcp_sdk_app:apps` with dump_fastapi.py (this folder is first on sys.path). Both
transports (`sse_app`, `streamable_http_app`) of one `MCPServer` acting as its own OAuth
authorization server (`auth_server_provider`) and as a resource server (`resource_server_url`),
with dynamic client registration and revocation turned on: the routes each documented option
adds. The provider is never called while the table is built, so a bare object stands in for it.
"""
from mcp.server.auth.settings import AuthSettings, ClientRegistrationOptions, RevocationOptions
from mcp.server.mcpserver import MCPServer


class _Provider:
    """Stands in for an OAuthAuthorizationServerProvider: only its presence is read here."""


server = MCPServer(
    "bench",
    auth_server_provider=_Provider(),
    auth=AuthSettings(
        issuer_url="http://127.0.0.1:9/",
        resource_server_url="http://127.0.0.1:9/mcp",
        client_registration_options=ClientRegistrationOptions(enabled=True),
        revocation_options=RevocationOptions(enabled=True),
        validate_token_resource=False,
    ),
)
apps = [server.sse_app(), server.streamable_http_app()]
