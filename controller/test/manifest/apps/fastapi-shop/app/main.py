from fastapi import FastAPI

from app.admin import admin_app
from app.api.v1 import api_router
from app.core.config import settings
from app.routers import health

app = FastAPI(title=settings.PROJECT_NAME)

app.include_router(health.router)
app.include_router(api_router, prefix=settings.API_V1_STR)
app.mount("/admin", admin_app)
