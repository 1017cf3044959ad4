#!/usr/bin/python3
"""Every code block of README.md and docs/*.md that is a complete program is built and
run here, against the built, uninstalled libfirst-open, so that a rename in the API
can never leave the docs behind again (issue 34: the README's C example declared its
callback with `FirstOpenWindowKind`, a name C never had).

How a block says what it is
---------------------------
An HTML comment on the line right before the opening fence (indented as the fence):

    <!-- tested: c shows "Welcome to Car" -->     a complete program, built and run here
    <!-- fragment -->                            not a program (a call out of context)
    <!-- fragment: why, for the reader -->

An HTML comment rather than a word in the fence's info string (```c tested): GitHub and
every other renderer hide it, so the rendered page reads exactly as before, while the
info string stays one plain language name that every highlighter understands (renderers
differ in what they make of a second word: some drop the highlighting, some show it). In
the source it stands next to the block, says in words what the suite does with it, and
has room for arguments (the window a program must show). In CommonMark (GitHub's
cmark-gfm) an HTML comment block ends on the line of its `-->`, so the fence on the next
line stays a fence; a blank line between them is not allowed here, so that the marker
stays visibly attached to its block.

Every fenced block in a language this script can check (c, python, js, vala, swift, sh,
ini and their usual aliases) must carry one of the two: a new snippet with neither fails
the test, so it cannot slip in unchecked. Blocks without a language (program output,
diagrams, tables) and a few known data languages need none; a language this script does
not know fails too, so that it gets added to one list or the other.

What "tested" does, by language
-------------------------------
- `c`: built with the command in its first comment line, run as written (`// cc car.c
  -o car $(pkg-config --cflags --libs first-open gtk+-3.0)`), or with `cc SNIPPET.c
  $(pkg-config --cflags --libs first-open)` when it has none; pkg-config finds the
  uninstalled library through Meson's `meson-uninstalled/first-open-uninstalled.pc`.
  Then compiled again with `-Wall -Werror` (an implicitly declared function is only a
  warning in C).
- `vala`: the command in its first comment line (`// valac --pkg gtk+-3.0 --pkg
  first-open car.vala`), with a `valac` first on PATH that adds `--vapidir` of the build
  (first-open.vapi and first-open.deps are made there), or `valac --pkg gtk+-3.0 --pkg
  first-open SNIPPET.vala`.
- `python` (`/usr/bin/python3`) and `js` (`gjs`): run with `GI_TYPELIB_PATH` and
  `LD_LIBRARY_PATH` naming the build.
- Each of those is then run with private XDG directories and no Swift toolchain on PATH
  (run-example.py's host environment). With `shows "TITLE"`: the window TITLE must
  appear (any spec path under /usr/share/car/ stands for data/examples/
  org.example.Car.spec, the docs' example app), Return dismisses it (after focusing it
  and waiting 0.6 s: keys typed within 0.5 s of a focus are ignored, docs/window.md), the
  program must print a line starting with "dismissed", a record must be written and the
  program must still run. Without `shows`: it must exit 0 within 30 s.
- `sh syntax`: `bash -n` (the commands name paths of a user's machine; only the syntax
  is checked).
- `keyfile` (an `ini` block): parsed with GLib's GKeyFile, as first-open reads it.
- `spec` (an `ini` block): a whole spec file: `first-open validate` must say "ok" (no
  error, no warning), the file placed beside data/examples' files so that the relative
  paths of the docs' example (`ReleaseNotes=org.example.Car.metainfo.xml`, `icons/`)
  resolve as they do for data/examples/org.example.Car.spec.
- A C `fragment` is not compiled, but every libfirst-open name in it (`first_open_…`,
  `FirstOpen…`, `FIRST_OPEN_…`) must be declared in the public headers of libfirst-open
  or libfirst-open-client (the source's and the generated ones of the build), so a
  rename reaches fragments too.
- `copy of PATH` (any language): the block is PATH of the source tree, line for line;
  the suite builds and runs that file elsewhere (the README's Swift example is
  examples/swift's main.swift, which swift-example.sh builds as an app would).

    doc-snippets.py --source-root DIR --build-root DIR --lib-dir DIR
                    --first-open PROGRAM --helper PROGRAM [--only FILE:LINE]

Needs cc, pkg-config, valac, gjs, python3-gi, xdotool and an X display (run under
xvfb-run); without a display it skips (77) unless FIRST_OPEN_REQUIRE_DISPLAY=1.
"""
import argparse
import glob
import importlib.util
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
import types

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("run_example", os.path.join(HERE, "run-example.py"))
run_example = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(run_example)
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "Support"))
import firstopen_testing as testing  # noqa: E402

# Fence languages (after ALIASES) this script checks: each block needs a marker.
CHECKED = {"c", "python", "js", "vala", "swift", "sh", "ini"}
ALIASES = {"py": "python", "python3": "python", "javascript": "js", "gjs": "js",
           "bash": "sh", "shell": "sh", "keyfile": "ini",
           "desktop": "ini", "h": "c"}
# Fence languages that are data or output, never a program: no marker needed.
UNCHECKED = {"", "text", "console", "xml", "diff", "meson", "toml", "json"}
# The docs' example spec path, and the spec the suite uses for it.
DOCS_SPEC_PREFIX = "/usr/share/car/"
RUN_DEADLINE = 30.0

C_NAME = re.compile(r"\b(?:first_open_\w+|FirstOpen\w+|FIRST_OPEN_\w+)\b")
FENCE = re.compile(r"^(\s*)(```+|~~~+)\s*([^`\s]*)")
MARKER = re.compile(r"^\s*<!--\s*(tested:\s*(?P<tested>.*?)|(?P<fragment>fragment)(:.*?)?)\s*-->\s*$")


class Block:
    def __init__(self, path, line, language, marker, text):
        self.path = path            # relative to the source root
        self.line = line            # of the opening fence, 1-based
        self.language = language    # normalised
        self.marker = marker        # None, "fragment" or the text after "tested:"
        self.text = text

    @property
    def where(self):
        return f"{self.path}:{self.line}"


def blocks_of(root, path):
    """The fenced blocks of one Markdown file (CommonMark fences, indented ones too)."""
    with open(os.path.join(root, path), encoding="utf-8") as file:
        lines = file.read().split("\n")
    found = []
    index = 0
    while index < len(lines):
        opening = FENCE.match(lines[index])
        if not opening:
            index += 1
            continue
        indent, fence, info = opening.groups()
        start = index
        body = []
        index += 1
        while index < len(lines):
            closing = re.match(r"^\s*" + re.escape(fence[0]) + "{" + str(len(fence)) + r",}\s*$", lines[index])
            if closing:
                break
            line = lines[index]
            body.append(line[len(indent):] if line.startswith(indent) else line.lstrip())
            index += 1
        index += 1
        language = info.lower()
        language = ALIASES.get(language, language)
        marker = None
        if start > 0:
            match = MARKER.match(lines[start - 1])
            if match:
                marker = "fragment" if match.group("fragment") else match.group("tested")
        found.append(Block(path, start + 1, language, marker, "\n".join(body) + "\n"))
    return found


class Checker:
    def __init__(self, args, work):
        self.args = args
        self.work = work
        self.failures = []
        self.car_spec = os.path.join(args.source_root, "data", "examples", "org.example.Car.spec")
        self.build_env = dict(os.environ)
        uninstalled = os.path.join(args.build_root, "meson-uninstalled")
        self.build_env["PKG_CONFIG_PATH"] = ":".join(
            p for p in [uninstalled, os.environ.get("PKG_CONFIG_PATH", "")] if p)
        # valac has no environment variable for its vapi search path: a wrapper adds it.
        tools = os.path.join(work, "tools")
        os.makedirs(tools)
        valac = shutil.which("valac") or "valac"
        with open(os.path.join(tools, "valac"), "w", encoding="utf-8") as wrapper:
            wrapper.write(f'#!/bin/sh\nexec {shlex.quote(valac)} --vapidir={shlex.quote(args.lib_dir)} "$@"\n')
        os.chmod(os.path.join(tools, "valac"), 0o755)
        self.build_env["PATH"] = tools + ":" + self.build_env.get("PATH", "/usr/bin:/bin")

    def fail(self, block, message):
        self.failures.append(f"{block.where}: {message}")
        print(f"FAIL: {block.where}: {message}", file=sys.stderr)

    def ok(self, block, message):
        print(f"ok: {block.where} {block.language}: {message}")

    # -- the checks -------------------------------------------------------------

    def check(self, block):
        marker = block.marker
        if marker is None:
            if block.language in CHECKED:
                self.fail(block, f"a ```{block.language} block with neither <!-- tested: ... --> nor "
                                 "<!-- fragment --> on the line before it (Tests/Embedding/doc-snippets.py)")
            elif block.language not in UNCHECKED:
                self.fail(block, f"fence language {block.language!r} is unknown to doc-snippets.py: "
                                 "add it to CHECKED (and check it) or to UNCHECKED")
            return
        if marker == "fragment":
            if block.language == "c":
                self.check_c_names(block)
            return
        copy = re.fullmatch(r"copy of (\S+)", marker)
        if copy:
            return self.check_copy(block, copy.group(1))
        if marker == "keyfile":
            return self.check_keyfile(block) if self.expect(block, "ini") else None
        if marker == "spec":
            return self.check_spec(block) if self.expect(block, "ini") else None
        if marker == "sh syntax":
            return self.check_shell(block) if self.expect(block, "sh") else None
        program = re.fullmatch(r'(c|vala|python|js)(?:\s+shows\s+"([^"]+)")?', marker)
        if not program:
            self.fail(block, f"cannot read the marker 'tested: {marker}' (doc-snippets.py says what it takes)")
            return
        if self.expect(block, program.group(1)):
            self.check_program(block, program.group(2))

    def expect(self, block, language):
        if block.language != language:
            self.fail(block, f"marked as {language} but the fence says {block.language!r}")
            return False
        return True

    def public_c_names(self):
        if not hasattr(self, "_public_c_names"):
            headers = [os.path.join(self.args.source_root, "native", "libfirst-open", name)
                       for name in ("first-open.h", "first-open-enums.h")]
            headers += glob.glob(os.path.join(self.args.lib_dir, "first-open-*.h"))
            # libfirst-open-client's (GTK 4 hosts): its headers and generated enum header.
            client = os.path.join(self.args.source_root, "native", "libfirst-open-client")
            headers += glob.glob(os.path.join(client, "first-open-client*.h"))
            headers += glob.glob(os.path.join(self.args.build_root, "native", "libfirst-open-client",
                                              "first-open-client-*.h"))
            text = ""
            for header in headers:
                with open(header, encoding="utf-8") as file:
                    text += file.read()
            names = set(C_NAME.findall(text))
            # G_DECLARE_FINAL_TYPE (FirstOpenPresenter, first_open_presenter, FIRST_OPEN, PRESENTER, ...)
            # declares FirstOpenPresenterClass, FIRST_OPEN_PRESENTER (), FIRST_OPEN_IS_PRESENTER ().
            for module_obj, _, module, obj in re.findall(r"G_DECLARE_\w+_TYPE \((\w+), (\w+), (\w+), (\w+)", text):
                names |= {module_obj + "Class", f"{module}_{obj}", f"{module}_IS_{obj}"}
            self._public_c_names = names
        return self._public_c_names

    def check_c_names(self, block):
        used = sorted(set(C_NAME.findall(block.text)))
        unknown = [name for name in used if name not in self.public_c_names()]
        if unknown:
            self.fail(block, f"names libfirst-open does not declare: {', '.join(unknown)}")
            return
        self.ok(block, f"fragment; its names are declared: {', '.join(used)}")

    def check_copy(self, block, relative):
        try:
            with open(os.path.join(self.args.source_root, relative), encoding="utf-8") as file:
                original = file.read()
        except OSError as error:
            self.fail(block, f"copy of {relative}: {error.strerror}")
            return
        if original != block.text:
            import difflib
            diff = "".join(difflib.unified_diff(block.text.splitlines(True), original.splitlines(True),
                                                block.where, relative))
            self.fail(block, f"differs from {relative}:\n{diff}")
            return
        self.ok(block, f"is {relative}, line for line")

    def check_keyfile(self, block):
        from gi.repository import GLib
        keyfile = GLib.KeyFile()
        try:
            keyfile.load_from_data(block.text, len(block.text.encode("utf-8")), GLib.KeyFileFlags.NONE)
        except GLib.Error as error:
            self.fail(block, f"not a key file GKeyFile reads: {error.message}")
            return
        groups = keyfile.get_groups()
        groups = groups[0] if isinstance(groups, tuple) else groups
        self.ok(block, f"read by GKeyFile: {', '.join(f'[{group}]' for group in groups)}")

    def check_spec(self, block):
        directory = os.path.join(self.work, f"{block.path.replace('/', '_')}-{block.line}")
        os.makedirs(directory)
        examples = os.path.join(self.args.source_root, "data", "examples")
        for name in os.listdir(examples):
            os.symlink(os.path.join(examples, name), os.path.join(directory, name))
        spec = os.path.join(directory, "snippet.spec")
        with open(spec, "w", encoding="utf-8") as file:
            file.write(block.text)
        env = dict(os.environ, FIRST_OPEN_HELPER=self.args.helper)
        checked = subprocess.run([self.args.first_open, "validate", spec], env=env,
                                 capture_output=True, text=True, timeout=RUN_DEADLINE)
        said = (checked.stdout + checked.stderr).strip()
        if checked.returncode != 0 or said != f"{spec}: ok":
            self.fail(block, f"first-open validate: exit {checked.returncode}\n{said}")
            return
        self.ok(block, "first-open validate: ok")

    def check_shell(self, block):
        checked = subprocess.run(["bash", "-n"], input=block.text, capture_output=True, text=True)
        if checked.returncode != 0:
            self.fail(block, f"bash -n: {checked.stderr.strip()}")
            return
        self.ok(block, "bash -n")

    def check_program(self, block, title):
        directory = os.path.join(self.work, f"{block.path.replace('/', '_')}-{block.line}")
        os.makedirs(directory)
        text = re.sub(re.escape(DOCS_SPEC_PREFIX) + r"[^\"'\s]*", self.car_spec, block.text)
        command = self.build(block, directory, text)
        if command is None:
            return
        built = " (built as documented)" if block.language in ("c", "vala") else ""
        if title is None:
            self.run_to_exit(block, directory, command, built)
        else:
            self.run_window(block, directory, command, title, built)

    def build(self, block, directory, text):
        """Writes the program and builds it; returns the command that runs it, or None."""
        first = text.split("\n", 1)[0]
        documented = re.match(r"^\s*(?://|/\*)\s*((?:cc|gcc|valac)\s.*?)\s*(?:\*/)?\s*$", first)
        if block.language == "python":
            path = os.path.join(directory, "snippet.py")
            command = ["/usr/bin/python3", path]
        elif block.language == "js":
            path = os.path.join(directory, "snippet.js")
            command = [shutil.which("gjs") or "gjs", path]
        elif documented:
            build_line = documented.group(1)
            words = shlex.split(build_line.split("$(", 1)[0])
            source = next((w for w in words if w.endswith("." + block.language)), None)
            if source is None or "/" in source:
                self.fail(block, f"the build line {build_line!r} names no {block.language} file of its own")
                return None
            path = os.path.join(directory, source)
            if "-o" in words[:-1]:
                program = words[words.index("-o") + 1]
            else:
                program = os.path.splitext(source)[0]
            command = [os.path.join(directory, program)]
        else:
            path = os.path.join(directory, "snippet." + block.language)
            program = os.path.join(directory, "snippet")
            if block.language == "c":
                build_line = f"cc {path} -o {program} $(pkg-config --cflags --libs first-open)"
            else:
                build_line = f"valac --pkg gtk+-3.0 --pkg first-open {path} -o {program}"
            command = [program]
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)
        if block.language in ("python", "js"):
            return command
        built = subprocess.run(["bash", "-c", build_line], cwd=directory, env=self.build_env,
                               capture_output=True, text=True)
        if built.returncode != 0:
            self.fail(block, f"{build_line}: exit {built.returncode}\n{built.stdout}{built.stderr}")
            return None
        if block.language == "vala" and ": warning:" in built.stdout + built.stderr:
            self.fail(block, f"{build_line}: warnings\n{built.stdout}{built.stderr}")
            return None
        if block.language == "c":
            strict = subprocess.run(
                ["bash", "-c", f"cc -Wall -Werror -fsyntax-only {shlex.quote(path)} "
                               "$(pkg-config --cflags first-open gtk+-3.0)"],
                cwd=directory, env=self.build_env, capture_output=True, text=True)
            if strict.returncode != 0:
                self.fail(block, f"cc -Wall -Werror: warnings\n{strict.stderr}")
                return None
        return command

    def host_environment(self, directory):
        options = types.SimpleNamespace(lib_dir=self.args.lib_dir, typelib_dir=self.args.lib_dir, debug_log=False)
        env = run_example.host_environment(options, directory)
        # print() to a file is block-buffered: the dismissal line would wait for the exit.
        env["PYTHONUNBUFFERED"] = "1"
        return env

    def run_to_exit(self, block, directory, command, built):
        try:
            ran = subprocess.run(command, cwd=directory, env=self.host_environment(directory),
                                 capture_output=True, text=True, timeout=RUN_DEADLINE)
        except subprocess.TimeoutExpired:
            self.fail(block, f"still running after {RUN_DEADLINE:.0f} s")
            return
        if ran.returncode != 0:
            self.fail(block, f"exit {ran.returncode}\n{ran.stdout}{ran.stderr}")
            return
        self.ok(block, f"ran{built}, exit 0")

    def run_window(self, block, directory, command, title, built):
        env = self.host_environment(directory)
        state = os.path.join(env["XDG_STATE_HOME"], "first-open")
        host = Host(command, env, os.path.join(directory, "run.log"), directory)
        try:
            host.wait_for_window(title)
            try:
                run_example.press_key_in_window(title, "Return")
            except SystemExit:
                raise ProgramFailed(f"xdotool could not press Return in {title!r}\n{host.output()}")
            dismissed = host.wait_for(lambda line: line.startswith("dismissed"), "a line 'dismissed…'")
            end = time.monotonic() + RUN_DEADLINE
            while not glob.glob(os.path.join(state, "*.state")) and time.monotonic() < end:
                time.sleep(0.05)
            if not glob.glob(os.path.join(state, "*.state")):
                self.fail(block, f"dismissed, but no record in {state}\n{host.output()}")
                return
            time.sleep(0.2)
            if host.process.poll() is not None:
                self.fail(block, f"the program exited ({host.process.returncode}) after the dismissal\n{host.output()}")
                return
            self.ok(block, f"ran{built}, showed {title!r}, Return: printed {dismissed!r}, recorded, still running")
        except ProgramFailed as failure:
            self.fail(block, str(failure))
        finally:
            host.stop()


class ProgramFailed(Exception):
    pass


class Host(run_example.Host):
    """run-example.py's host app, whose failures are this block's, not the whole run's."""

    def __init__(self, command, env, log_path, cwd):
        self.log_path = log_path
        self.log = open(log_path, "wb")
        self.process = subprocess.Popen(command, env=env, cwd=cwd, stdout=self.log, stderr=subprocess.STDOUT,
                                        stdin=subprocess.DEVNULL)

    def check_output(self):
        """The lines printed so far; raises ProgramFailed on a failure the program reported."""
        lines = self.output().splitlines()
        for line in lines:
            # The docs' programs report a failure as "first-open: MESSAGE"; GLib's criticals.
            if line.startswith(("first-open:", "error:")) or "CRITICAL" in line:
                raise ProgramFailed(f"the program reported {line!r}\n{self.output()}")
        return lines

    def wait_for(self, found, wanted):
        """Waits until `found(line)` is true of a line the program printed; returns that line.
        A failure the program reported, its exit or the deadline raises ProgramFailed."""
        end = time.monotonic() + RUN_DEADLINE
        while time.monotonic() < end:
            for line in self.check_output():
                if found(line):
                    return line
            if self.process.poll() is not None:
                raise ProgramFailed(f"the program exited ({self.process.returncode}) before "
                                    f"{wanted}\n{self.output()}")
            time.sleep(0.05)
        raise ProgramFailed(f"no {wanted} within {RUN_DEADLINE:.0f} s\n{self.output()}")

    def wait_for_window(self, title):
        """Waits until a visible window is titled `title` (as wait_for fails)."""
        end = time.monotonic() + RUN_DEADLINE
        while time.monotonic() < end:
            self.check_output()
            if self.process.poll() is not None:
                raise ProgramFailed(f"the program exited ({self.process.returncode}) before showing "
                                    f"{title!r}\n{self.output()}")
            if testing.windows(title):
                return
            time.sleep(0.1)
        raise ProgramFailed(f"no visible window titled {title!r} within {RUN_DEADLINE:.0f} s\n{self.output()}")

    def stop(self):
        if self.running():
            self.terminate()
        else:
            self.log.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--source-root", required=True)
    parser.add_argument("--build-root", required=True)
    parser.add_argument("--lib-dir", required=True)
    parser.add_argument("--first-open", required=True, help="the built first-open (spec blocks)")
    parser.add_argument("--helper", required=True, help="the built first-open-window it runs")
    parser.add_argument("--only", help="check only the block at FILE:LINE (the others' markers still)")
    args = parser.parse_args()
    args.source_root = os.path.abspath(args.source_root)
    args.build_root = os.path.abspath(args.build_root)
    args.lib_dir = os.path.abspath(args.lib_dir)

    if not os.environ.get("DISPLAY"):
        if os.environ.get("FIRST_OPEN_REQUIRE_DISPLAY") == "1":
            print("FAIL: no DISPLAY (run under xvfb-run)", file=sys.stderr)
            sys.exit(1)
        print("SKIP: no DISPLAY (run under xvfb-run)")
        sys.exit(77)
    missing = [tool for tool in ("cc", "pkg-config", "valac", "gjs", "xdotool", "bash") if not shutil.which(tool)]
    if missing:
        print(f"FAIL: not installed: {', '.join(missing)}", file=sys.stderr)
        sys.exit(1)

    documents = ["README.md"] + sorted(os.path.relpath(p, args.source_root)
                                       for p in glob.glob(os.path.join(args.source_root, "docs", "*.md")))
    blocks = [block for document in documents for block in blocks_of(args.source_root, document)]
    with tempfile.TemporaryDirectory(prefix="first-open-doc-snippets-") as work:
        checker = Checker(args, work)
        for block in blocks:
            if args.only and block.where != args.only and block.marker not in (None, "fragment"):
                continue
            checker.check(block)
    tested = sum(1 for block in blocks if block.marker not in (None, "fragment"))
    fragments = sum(1 for block in blocks if block.marker == "fragment")
    if checker.failures:
        print(f"FAIL: {len(checker.failures)} of {len(blocks)} code blocks in {len(documents)} files:", file=sys.stderr)
        for failure in checker.failures:
            print(f"  {failure.splitlines()[0]}", file=sys.stderr)
        sys.exit(1)
    print(f"ok: {len(blocks)} code blocks in {len(documents)} files: {tested} tested, {fragments} fragments, "
          f"{len(blocks) - tested - fragments} output or data")


if __name__ == "__main__":
    main()
