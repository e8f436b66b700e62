from fastapi import APIRouter

router = APIRouter(tags=["health"])


async def ping() -> dict:
    return {"pong": True}


async def version() -> dict:
    return {"version": "1.0.0"}


@router.get("/health")
async def health() -> dict:
    return {"status": "ok"}


# Registered in a loop: each (path, handler) pair is one GET route.
for path, handler in [("/ping", ping), ("/version", version)]:
    router.add_api_route(path, handler, methods=["GET"])
