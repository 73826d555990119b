"""schema_subset.py judges as python3-jsonschema does, on docs/schema/gdist.schema.json: for each
tool, a document holding every property the schema names, then that document changed at every
place (a key dropped, an unexpected key, each value replaced by a null, a string, a boolean, a
negative, a fraction, a huge integer, a list and an object). The verdict (valid or not) and the
places of the errors must be jsonschema's (Draft202012Validator) for every one.
  schema_subset_test.py SOURCE_DIR      Exit 77 (skip) without python3-jsonschema."""
import copy
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import schema_subset  # noqa: E402

try:
    import jsonschema
except ImportError:
    print("skip: python3-jsonschema is not installed (the reference this test compares with)")
    sys.exit(77)

TOOLS = ("gapsp", "gcenter", "gpath", "ginfo", "gconvert")
WRONG = (None, "x", True, -1, 0.5, 10 ** 30, [], {})


def example(schema, root, depth=0):
    """A value the schema accepts, every named property present (the first of each choice)."""
    if "$ref" in schema:
        node = root
        for part in schema["$ref"][2:].split("/"):
            node = node[part]
        return example(node, root, depth)
    if "enum" in schema:
        return schema["enum"][0]
    if "anyOf" in schema and "type" not in schema:
        return example(schema["anyOf"][0], root, depth)
    types = [schema["type"]] if isinstance(schema.get("type"), str) else schema.get("type", ["null"])
    kind = next((t for t in types if t != "null"), "null") if depth < 40 else "null"
    if kind == "object":
        return {k: example(v, root, depth + 1) for k, v in schema.get("properties", {}).items()}
    if kind == "array":
        count = max(schema.get("minItems", 1), 1)
        return [example(schema.get("items", {}), root, depth + 1) for _ in range(min(count, schema.get("maxItems", count)))]
    low = schema.get("minimum", 0)
    number = (low + schema["maximum"]) / 2 if "maximum" in schema else low + 1.5
    return {"integer": int(low) + 1, "number": number, "string": "1", "boolean": True, "null": None}[kind]


def places(doc, path=()):
    yield path
    children = doc.items() if isinstance(doc, dict) else enumerate(doc) if isinstance(doc, list) else ()
    for key, value in children:
        yield from places(value, path + (key,))


def changed(doc, path):
    """Every change at one place: the value replaced by each WRONG one, the key dropped, a key added."""
    def at(d):
        for key in path[:-1]:
            d = d[key]
        return d

    for wrong in WRONG:
        d = copy.deepcopy(doc)
        if path:
            at(d)[path[-1]] = copy.deepcopy(wrong)
            yield d
        else:
            yield copy.deepcopy(wrong)
    if path and isinstance(at(doc), dict):
        d = copy.deepcopy(doc)
        del at(d)[path[-1]]
        yield d
    target = doc
    for key in path:
        target = target[key]
    if isinstance(target, dict):
        d = copy.deepcopy(doc)
        at_target = d
        for key in path:
            at_target = at_target[key]
        at_target["zz_unexpected"] = 1
        yield d


def main():
    with open(os.path.join(sys.argv[1], "docs", "schema", "gdist.schema.json")) as f:
        schema = json.load(f)
    schema_subset.check_schema(schema)
    failures, judged, invalid = [], 0, 0
    for tool in TOOLS:
        whole = dict(schema, **{"$ref": "#/$defs/" + tool})
        reference = jsonschema.Draft202012Validator(whole)
        ours = schema_subset.Validator(whole)
        base = example(schema["$defs"][tool], schema)
        docs = [base] + [d for p in places(base) for d in changed(base, p)]
        for doc in docs:
            want = sorted(json.dumps(list(e.path)) for e in reference.iter_errors(doc))
            got = sorted(json.dumps(e.path) for e in ours.iter_errors(doc))
            judged += 1
            invalid += bool(want)
            if bool(want) != bool(got) or set(want) != set(got):
                failures.append("%s: %s: jsonschema's errors at %s, schema_subset's at %s" % (
                    tool, json.dumps(doc)[:300], want, got))
        if list(reference.iter_errors(base)):
            failures.append("%s: the example document is not valid: the test's generator is wrong" % tool)
    for f in failures[:20]:
        print("FAIL:", f)
    print("%d documents judged (%d invalid), %d disagreements" % (judged, invalid, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
