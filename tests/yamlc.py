"""The tests' own YAML reading and writing, of trusted documents (fixtures, a save the test has just
written and edits): libyaml's safe loader and dumper, several times faster than PyYAML's pure-Python
`safe_load` / `safe_dump` on a whole save.  What the program reads goes through maria.yamlio."""

import yaml

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def load(text):
    return yaml.load(text, Loader=_LOADER)


def dump(doc, **kw) -> str:
    return yaml.dump(doc, Dumper=_DUMPER, **kw)
