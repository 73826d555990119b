"""A JSON Schema validator of the keywords docs/schema/gdist.schema.json uses, no more, for a
python3 without python3-jsonschema (the GPU machine's): json_schema_check.py validates with
jsonschema.Draft202012Validator where it is installed and with this where it is not.

Validator(schema).iter_errors(doc) yields errors with .message and .path, as jsonschema's do.
check_schema(schema) refuses a schema with any keyword outside KEYWORDS, so a keyword added to
the schema fails here loudly (add it below) instead of being skipped unchecked. Stdlib only."""

# What the keywords below mean: JSON Schema draft 2020-12, the validation vocabulary.
ANNOTATIONS = {"$schema", "$id", "title", "description"}
KEYWORDS = ANNOTATIONS | {"$defs", "$ref", "type", "enum", "anyOf", "properties", "required",
                          "additionalProperties", "items", "minItems", "maxItems", "minimum", "maximum",
                          "dependentRequired"}


class SchemaError(ValueError):
    """The schema uses what this validator does not check."""


class Error:
    def __init__(self, message, path):
        self.message, self.path = message, list(path)

    def __repr__(self):
        return "Error(%r at %r)" % (self.message, self.path)


def _is_number(x):
    return isinstance(x, (int, float)) and not isinstance(x, bool)


TYPES = {
    "null": lambda x: x is None,
    "boolean": lambda x: isinstance(x, bool),
    "integer": lambda x: _is_number(x) and (isinstance(x, int) or x.is_integer()),
    "number": _is_number,
    "string": lambda x: isinstance(x, str),
    "array": lambda x: isinstance(x, list),
    "object": lambda x: isinstance(x, dict),
}


def _json_equal(a, b):
    """Equality as JSON means it: true is not 1, 1.0 is 1."""
    if _is_number(a) and _is_number(b):
        return a == b
    return type(a) is type(b) and a == b


def check_schema(schema, where="#"):
    if not isinstance(schema, dict):
        raise SchemaError("%s: a schema is an object" % where)
    unknown = set(schema) - KEYWORDS
    if unknown:
        raise SchemaError("%s: keywords this validator does not check: %s" % (where, ", ".join(sorted(unknown))))
    for key in ("$defs", "properties"):
        for name, sub in schema.get(key, {}).items():
            check_schema(sub, "%s/%s/%s" % (where, key, name))
    for i, sub in enumerate(schema.get("anyOf", [])):
        check_schema(sub, "%s/anyOf/%d" % (where, i))
    for key in ("items", "additionalProperties"):
        if isinstance(schema.get(key), dict):
            check_schema(schema[key], "%s/%s" % (where, key))
    for t in [schema["type"]] if isinstance(schema.get("type"), str) else schema.get("type", []):
        if t not in TYPES:
            raise SchemaError("%s: unknown type %r" % (where, t))
    ref = schema.get("$ref")
    if ref is not None and not ref.startswith("#/"):
        raise SchemaError("%s: only references inside the document are checked, not %r" % (where, ref))


class Validator:
    def __init__(self, schema):
        self.root = schema

    def _resolve(self, ref):
        node = self.root
        for part in ref[2:].split("/"):
            node = node[part]
        return node

    def iter_errors(self, doc):
        return iter(list(self._errors(self.root, doc, [])))

    def _errors(self, s, x, path):
        if "$ref" in s:
            yield from self._errors(self._resolve(s["$ref"]), x, path)
        if "type" in s:
            types = [s["type"]] if isinstance(s["type"], str) else s["type"]
            if not any(TYPES[t](x) for t in types):
                yield Error("%r is not of type %s" % (x, ", ".join(map(repr, types))), path)
                return
        if "enum" in s and not any(_json_equal(x, e) for e in s["enum"]):
            yield Error("%r is not one of %r" % (x, s["enum"]), path)
        if "anyOf" in s and not any(not list(self._errors(sub, x, path)) for sub in s["anyOf"]):
            yield Error("%r is not valid under any of the given schemas" % (x,), path)
        if _is_number(x):
            if "minimum" in s and x < s["minimum"]:
                yield Error("%r is less than the minimum of %r" % (x, s["minimum"]), path)
            if "maximum" in s and x > s["maximum"]:
                yield Error("%r is greater than the maximum of %r" % (x, s["maximum"]), path)
        if isinstance(x, list):
            if "minItems" in s and len(x) < s["minItems"]:
                yield Error("%r is too short" % (x,), path)
            if "maxItems" in s and len(x) > s["maxItems"]:
                yield Error("%r is too long" % (x,), path)
            if isinstance(s.get("items"), dict):
                for i, item in enumerate(x):
                    yield from self._errors(s["items"], item, path + [i])
        if isinstance(x, dict):
            yield from self._object_errors(s, x, path)

    def _object_errors(self, s, x, path):
        properties = s.get("properties", {})
        for name in s.get("required", []):
            if name not in x:
                yield Error("%r is a required property" % name, path)
        for name, needs in s.get("dependentRequired", {}).items():
            if name in x:
                for other in needs:
                    if other not in x:
                        yield Error("%r is a dependency of %r" % (other, name), path)
        for name, value in x.items():
            if name in properties:
                yield from self._errors(properties[name], value, path + [name])
            elif s.get("additionalProperties") is False:
                yield Error("Additional properties are not allowed (%r was unexpected)" % name, path)
            elif isinstance(s.get("additionalProperties"), dict):
                yield from self._errors(s["additionalProperties"], value, path + [name])
