from enum import Enum

from marshmallow import Schema, fields, validate


class Genre(Enum):
    FICTION = "fiction"
    HISTORY = "history"
    SCIENCE = "science"


class BookSchema(Schema):
    id = fields.Int(dump_only=True)
    title = fields.Str(required=True, validate=validate.Length(min=1, max=200))
    isbn = fields.Str(required=True, validate=validate.Regexp(r"^\d{13}$"))
    year = fields.Int(validate=validate.Range(min=1450, max=2100))
    genre = fields.Enum(Genre)
    author_ids = fields.List(fields.Int(), load_default=list)


class AuthorSchema(Schema):
    id = fields.Int(dump_only=True)
    name = fields.String(required=True, validate=validate.Length(max=120))
    email = fields.Email()
