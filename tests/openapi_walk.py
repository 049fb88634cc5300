"""Holding a JSON answer to the schema the OpenAPI document declares for it:
every key of every object declared (``additionalProperties: false``
semantics: an object schema with ``properties`` and no
``additionalProperties`` is closed too), every required key present, every
scalar of its declared type. :func:`drift` lists what does not fit, each as
``where: what`` (``Result.deadlines[3].notes: not declared``)."""
from __future__ import annotations

TYPES = {"string": str, "integer": int, "number": (int, float), "boolean": bool, "array": list, "object": dict,
         "null": type(None)}


class Walk:
    """One document's schemas; ``seen`` collects the component schemas an answer's objects were held to."""

    def __init__(self, doc: dict):
        self.components = doc["components"]["schemas"]
        self.seen: set[str] = set()

    def resolve(self, schema: dict) -> tuple[dict, str | None]:
        ref = schema.get("$ref")
        if ref is None:
            return schema, None
        name = ref.rsplit("/", 1)[1]
        return self.components[name], name

    def drift(self, value, schema: dict, where: str = "") -> list[str]:
        schema, name = self.resolve(schema)
        if name:
            where = where or name
        if "anyOf" in schema or "oneOf" in schema:
            tried = [self.drift(value, branch, where) for branch in schema.get("anyOf", schema.get("oneOf"))]
            return [] if any(not t for t in tried) else min(tried, key=len)
        if "allOf" in schema:
            return [p for part in schema["allOf"] for p in self.drift(value, part, where)]
        problems = self._scalar(value, schema, where)
        if problems:
            return problems
        if isinstance(value, dict) and ("properties" in schema or "additionalProperties" in schema):
            if name and value is not None:
                self.seen.add(name)
            return self._object(value, schema, where)
        if isinstance(value, list) and "items" in schema:
            return [p for i, item in enumerate(value) for p in self.drift(item, schema["items"], f"{where}[{i}]")]
        return []

    def _scalar(self, value, schema: dict, where: str) -> list[str]:
        kinds = schema.get("type")
        kinds = [kinds] if isinstance(kinds, str) else kinds
        if kinds and not any(isinstance(value, TYPES[k]) and not (k in ("integer", "number") and isinstance(value, bool))
                             for k in kinds):
            return [f"{where}: {value!r:.60} is not {' or '.join(kinds)}"]
        if "enum" in schema and value not in schema["enum"]:
            return [f"{where}: {value!r:.60} is not one of {schema['enum']}"]
        if "const" in schema and value != schema["const"]:
            return [f"{where}: {value!r:.60} is not {schema['const']!r}"]
        return []

    def _object(self, value: dict, schema: dict, where: str) -> list[str]:
        props, extra = schema.get("properties", {}), schema.get("additionalProperties", "properties" not in schema)
        out = [f"{where}.{k}: required, missing" for k in schema.get("required", []) if k not in value]
        for key, item in value.items():
            if key in props:
                out += self.drift(item, props[key], f"{where}.{key}")
            elif isinstance(extra, dict):
                out += self.drift(item, extra, f"{where}.{key}")
            elif extra is not True:
                out.append(f"{where}.{key}: not declared")
        return out
