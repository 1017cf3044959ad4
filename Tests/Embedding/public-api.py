#!/usr/bin/env python3
"""The Swift products' public API, from the compiler's symbol graphs (public-api.sh runs it).

    public-api.py SWIFT BUILD_DIR SOURCE_ROOT     (BUILD_DIR: e.g. .build/release)

For every library product of Package.swift (`swift package dump-package`):
- its module's symbol graph, with what its `@_exported` imports bring
  (`-experimental-allowed-reexported-modules`, Swift 6.0 and later), is its surface:
  FirstOpenViews' must be exactly Tests/Embedding/public-api.txt, FirstOpenClient's
  Tests/Embedding/public-api-client.txt; any other library product (LibFirstOpenSwift,
  Meson's archive) has none;
- every declaration in it has a doc comment (`///`), and names only types in it (no
  `SpecFile.versionSource: VersionSource` where VersionSource is not exported);
- a client that imports only the product is compiled against the list: one use of each
  line (a type with its conformances, a case, an initialiser, a member), so a line whose
  declaration is gone fails to compile, and a declaration not listed fails the diff.
Then every other module of the package (the Core modules, the GTK wrappers, ToolSupport;
not the test targets) must declare nothing public that no product's surface holds: what
is not re-exported is `package`.

A type's line names the protocols it conforms to (`struct Version: Comparable, …`), less
those another listed one implies (Hashable: Equatable) and the Sendable of a main-actor
type; a member an extension adds to a re-exported type is listed under that type.
"""
import glob
import json
import os
import subprocess
import sys
import tempfile

LISTS = {"FirstOpenViews": "public-api.txt", "FirstOpenClient": "public-api-client.txt"}
# Conformances every type has (Swift 6's noncopyable and nonescapable generics):
# not part of what a declaration promises.
IMPLIED = {"Copyable", "Escapable", "BitwiseCopyable", "SendableMetatype"}
IMPLIES = {"Hashable": {"Equatable"}, "Comparable": {"Equatable"}, "Error": {"Sendable"}}
TYPE_KINDS = {"struct", "class", "enum", "protocol", "typealias"}

swift, build, source = sys.argv[1:4]
build, source = os.path.abspath(build), os.path.abspath(source)
tools = os.path.dirname(os.path.realpath(swift))
work = tempfile.mkdtemp(prefix="first-open-public-api.", dir=os.environ.get("TMPDIR"))
failures = []


def run(command, **kwargs):
    result = subprocess.run(command, capture_output=True, text=True, **kwargs)
    if result.returncode != 0:
        sys.stderr.write(result.stdout + result.stderr)
        sys.exit(f"FAIL: {' '.join(command[:3])}… exited with {result.returncode}")
    return result.stdout


# The toolchain's own triple (Debian's Swift: x86_64-pc-linux-gnu; swift.org's:
# x86_64-unknown-linux-gnu), never a fixed one.
triple = json.loads(run([swift, "-print-target-info"]))["target"]["triple"]
package = json.loads(run([swift, "package", "dump-package", "--package-path", source,
                          "--scratch-path", os.path.join(work, "scratch")]))
modules = {os.path.basename(p)[: -len(".swiftmodule")] for p in glob.glob(build + "/Modules/*.swiftmodule")}
compile_args = ["-target", triple, "-I", build + "/Modules"]
# The C modules: system libraries' module maps in the tree, C targets' in the build.
system_maps = [os.path.join(source, t["path"], "module.modulemap") for t in package["targets"] if t["type"] == "system"]
for map_file in system_maps + sorted(glob.glob(build + "/*.build/module.modulemap")):
    compile_args += ["-Xcc", "-fmodule-map-file=" + map_file]
for flag in run(["pkg-config", "--cflags", "gtk+-3.0"]).split():
    compile_args += ["-Xcc", flag]


def symbol_graph(module, reexports):
    """The public symbols of `module` (with those it re-exports from `reexports`), each
    with the doc comment it has itself (not a protocol requirement's)."""
    out = os.path.join(work, f"{module}-{len(reexports)}")
    os.mkdir(out)
    command = [os.path.join(tools, "swift-symbolgraph-extract"), "-module-name", module, "-output-dir", out,
               "-minimum-access-level", "public", "-skip-synthesized-members", "-skip-inherited-docs", *compile_args]
    if reexports:
        command.append("-experimental-allowed-reexported-modules=" + ",".join(sorted(reexports)))
    run(command)
    symbols, relationships = {}, []
    for path in sorted(glob.glob(out + "/*.symbols.json")):
        graph = json.load(open(path))
        for symbol in graph["symbols"]:
            symbols[symbol["identifier"]["precise"]] = symbol
        relationships += graph["relationships"]
    return symbols, relationships


def kind(symbol):
    return symbol["kind"]["identifier"].removeprefix("swift.")


def surface_lines(symbols, relationships):
    """One line per declaration: `KIND Path.name`; types with their conformances."""
    conformances = {}
    for relation in relationships:
        if relation["kind"] == "conformsTo":
            target = symbols.get(relation["target"])
            name = ".".join(target["pathComponents"]) if target else relation.get("targetFallback", relation["target"])
            name = name.removeprefix("Swift.")
            if name not in IMPLIED:
                conformances.setdefault(relation["source"], set()).add(name)
    for precise, names in conformances.items():
        # Not what another listed conformance implies (the graph lists Equatable beside
        # Hashable), nor the Sendable every main-actor type has: the line reads as the source.
        names -= {implied for name in names for implied in IMPLIES.get(name, ())}
        fragments = "".join(f["spelling"] for f in symbols.get(precise, {}).get("declarationFragments", []))
        if "@MainActor" in fragments:
            names.discard("Sendable")
    lines = []
    for precise, symbol in symbols.items():
        line = f"{kind(symbol)} {'.'.join(symbol['pathComponents'])}"
        if kind(symbol) in TYPE_KINDS - {"protocol", "typealias"} and conformances.get(precise):
            line += ": " + ", ".join(sorted(conformances[precise]))
        lines.append(line)
    return sorted(lines)


def client_source(product, lines):
    """Swift that names every listed declaration, importing only `product`."""
    protocols = {line.split()[1] for line in lines if line.startswith("protocol ")}
    body, helpers = [], []
    for number, line in enumerate(lines):
        what, _, rest = line.partition(" ")
        name, _, conformance = rest.partition(": ")
        owner, _, member = name.rpartition(".")
        # `welcomeView(_:version:)` keeps its dots only in the last component.
        if "(" in name:
            head = name[: name.index("(")]
            owner, _, member = head.rpartition(".")
            # A method without parameters is named without its `()`, which would call it.
            member += name[name.index("("):].removesuffix("()")
        value = f"any {owner}" if owner in protocols else owner
        body.append(f"    // {line}")
        if what in TYPE_KINDS:
            body.append(f"    _ = (any {name}).self" if what == "protocol" else f"    _ = {name}.self")
            if conformance:
                helpers.append(f"func conforms{number}<T: {' & '.join(conformance.split(', '))}>(_: T.Type) {{}}")
                body.append(f"    conforms{number}({name}.self)")
        elif what == "init" and member == "init":
            body.append(f"    _ = {{ _ = {owner}() }}")  # `X.init` alone would name every initialiser
        elif what in ("enum.case", "init", "type.method", "type.property"):
            body.append(f"    _ = {owner}.{member}")
        elif what in ("method", "property"):
            body.append(f"    _ = {{ (value: {value}) in _ = value.{member} }}")
        elif what == "func.op" and member.endswith("(_:_:)"):
            operator = member.removesuffix("(_:_:)")
            body.append(f"    _ = {{ (a: {value}, b: {value}) in _ = a {operator} b }}")
        elif what == "func" and not owner:
            body.append(f"    _ = {member}")
        else:
            failures.append(f"{product}: no client check for a declaration of kind {what!r}: {line}")
    return "\n".join([f"import {product}", "", "@MainActor func surface() {", *body, "}", *helpers, ""])


# The package's modules (not the test targets, nor the C ones), each graph read once.
library_products = [p for p in package["products"] if "library" in p["type"]]
package_modules = [t["name"] for t in package["targets"] if t["type"] == "regular" and t["name"] in modules
                   and not (t.get("path") or "").startswith("Tests/")]
own_graphs = {m: symbol_graph(m, set()) for m in package_modules}


def dependencies(module):
    """`module` and the package's modules it depends on, directly or not."""
    targets = {t["name"]: t for t in package["targets"]}
    found, todo = set(), [module]
    while todo:
        name = todo.pop()
        if name in found or name not in targets:
            continue
        found.add(name)
        for dependency in targets[name]["dependencies"]:
            todo += [entry[0] for entry in dependency.values() if entry and isinstance(entry[0], str)]
    return found


def with_members(seed, module):
    """`seed` and every member of its types declared anywhere in the package: the
    re-exported graph holds a re-exported type's own body, not the extensions its module
    (or another) adds to it, which a client reaches all the same."""
    symbols, relationships = dict(seed[0]), list(seed[1])
    graphs = [graph for name, graph in own_graphs.items() if name in dependencies(module)]
    grown = True
    while grown:
        grown = False
        for graph_symbols, graph_relationships in graphs:
            for relation in graph_relationships:
                if relation["kind"] in ("memberOf", "requirementOf", "optionalRequirementOf") \
                        and relation["target"] in symbols and relation["source"] not in symbols \
                        and relation["source"] in graph_symbols:
                    symbols[relation["source"]] = graph_symbols[relation["source"]]
                    grown = True
    for graph_symbols, graph_relationships in graphs:
        relationships += [r for r in graph_relationships if r["kind"] == "conformsTo" and r["source"] in symbols]
    return symbols, relationships


surfaces = {}
for product in library_products:
    name = product["name"]
    (module,) = product["targets"]
    reexported = set(package_modules) - {module}
    symbols, relationships = with_members(symbol_graph(module, reexported), module)
    surfaces[name] = symbols
    # (The `init(rawValue:)` the compiler writes for a raw-value enum has no source
    # location and nothing to document.)
    undocumented = sorted(".".join(s["pathComponents"]) for s in symbols.values() if not s.get("docComment")
                          and ("location" in s or s["pathComponents"][-1] != "init(rawValue:)"))
    if undocumented:
        failures.append(f"{name}: public declarations without a doc comment: " + ", ".join(undocumented))
    # A declaration may name only types the product's clients can name too.
    in_package = {precise for graph_symbols, _ in own_graphs.values() for precise in graph_symbols}
    unexported = sorted({f"{'.'.join(s['pathComponents'])} names {f['spelling']}"
                         for s in symbols.values() for f in s.get("declarationFragments", [])
                         if f.get("kind") == "typeIdentifier" and f.get("preciseIdentifier") in in_package
                         and f["preciseIdentifier"] not in symbols})
    if unexported:
        failures.append(f"{name}: declarations name types {name} does not export: " + ", ".join(unexported))
    lines = surface_lines(symbols, relationships)
    if name not in LISTS:
        if lines:
            failures.append(f"{name}: a product with no list of its own declares {len(lines)} public "
                            "declarations: " + ", ".join(lines))
        continue
    list_file = os.path.join(source, "Tests", "Embedding", LISTS[name])
    listed = open(list_file).read().splitlines()
    if os.environ.get("FIRST_OPEN_PUBLIC_API_WRITE") == "1":
        # Writes the built surface into the list (its header kept): review the diff.
        with open(list_file, "w") as out:
            out.write("\n".join([line for line in listed if line.startswith("#")] + lines) + "\n")
        listed = open(list_file).read().splitlines()
    expected = [line for line in listed if line and not line.startswith("#")]
    if lines != expected:
        import difflib
        failures.append(f"{name}: the public API differs from Tests/Embedding/{LISTS[name]}:\n" + "\n".join(
            difflib.unified_diff(expected, lines, "listed", "built", lineterm="")))
    client = os.path.join(work, f"{name}Client.swift")
    with open(client, "w") as out:
        out.write(client_source(name, expected))
    result = subprocess.run([os.path.join(tools, "swiftc"), "-typecheck", "-swift-version", "6",
                             "-module-name", f"{name}Client", *compile_args, client],
                            capture_output=True, text=True, cwd=work)
    if result.returncode != 0:
        failures.append(f"{name}: a client importing only {name} cannot name every line of "
                        f"Tests/Embedding/{LISTS[name]}:\n{result.stdout}{result.stderr}")
    elif lines == expected and not undocumented:
        print(f"{LISTS[name]}: {len(lines)} public declarations of {name}, each documented and named by a client")

# Nothing public outside a product's surface: every other module's public declarations
# are re-exported by a product, or they are `package`.
in_products = {precise for symbols in surfaces.values() for precise in symbols}
product_modules = {target for product in library_products for target in product["targets"]}
for module in package_modules:
    if module in product_modules:
        continue
    symbols, _ = own_graphs[module]
    stray = sorted(f"{kind(s)} {'.'.join(s['pathComponents'])}" for p, s in symbols.items() if p not in in_products)
    if stray:
        failures.append(f"{module} (in no product) declares {len(stray)} public declarations no product "
                        "re-exports (make them `package`): " + ", ".join(stray))

subprocess.run(["rm", "-rf", work])
if failures:
    sys.stderr.write("".join(f"FAIL: {failure}\n" for failure in failures))
    sys.exit(1)
