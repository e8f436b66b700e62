from fastapi import FastAPI

# A separate application, mounted under /admin by main.py.
admin_app = FastAPI(title="Shop admin")


@admin_app.get("/stats")
async def stats() -> dict:
    return {"orders": 0}
