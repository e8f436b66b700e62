from typing import Annotated, Union

from fastapi import APIRouter, Path, Query

from app.schemas.item import Item, ItemCreate, Variant

router = APIRouter(prefix="/items", tags=["items"])
variants = APIRouter(prefix="/{item_id}/variants")


@router.get("", response_model=list[Item])
def list_items(q: Union[str, None] = Query(default=None, max_length=50), in_stock: bool = False):
    return []


@router.post("", response_model=Item, status_code=201)
def create_item(item: ItemCreate):
    return item


@router.get("/{item_id}", response_model=Item)
def get_item(item_id: Annotated[int, Path(ge=1)]):
    return None


@variants.get("", response_model=list[Variant])
def list_variants(item_id: int):
    return []


@variants.get("/{variant_id}", response_model=Variant)
def get_variant(item_id: int, variant_id: str):
    return None


# The nested router is included after its routes are declared, as FastAPI allows.
router.include_router(variants)
