"""The browser client's files hold together: every file a page loads exists.

There is no build step, so nothing else would notice a renamed module before a browser
does. The pages name their files under ``/static/`` (the server mounts ``web/`` there);
modules import each other by relative paths. Every renderer exports ``render``, as the
contract in ``docs/web.md`` asks.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

import gangland

WEB = Path(gangland.__file__).with_name("web")
STATIC = "/static/"
PAGES = ["index.html", "table.html"]

#: ``import x from "./a.js"``, ``import "./a.js"``, ``export {x} from "./a.js"``,
#: ``import("./a.js")``
IMPORT = re.compile(
    r"""(?:\bimport\s*(?:[\w*{}\s,]+?\s*from\s*)?|\bexport\s*[\w*{}\s,]+?\s*from\s*|\bimport\s*\(\s*)"""
    r"""["']([^"'`]+)["']""")
ATTR = re.compile(r"""\b(?:src|href)\s*=\s*["']([^"']+)["']""")


def page_refs(page: str) -> list[str]:
    """The local files a page loads (links to other pages and to the API are left out)."""
    text = (WEB / page).read_text()
    return [ref for ref in ATTR.findall(text) if ref.startswith(STATIC)]


def module_imports(path: Path) -> list[str]:
    return IMPORT.findall(path.read_text())


def resolve(base: Path, ref: str) -> Path:
    if ref.startswith(STATIC):
        return WEB / ref[len(STATIC):]
    assert ref.startswith("."), f"{base.name}: {ref!r} is neither relative nor under {STATIC}"
    return (base.parent / ref).resolve()


def reachable() -> set[Path]:
    """Every module the two pages load, following imports."""
    todo = [resolve(WEB / page, ref) for page in PAGES for ref in page_refs(page)
            if ref.endswith(".js")]
    todo += sorted((WEB / "renderers").glob("*.js"))  # loaded by name at run time
    seen: set[Path] = set()
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        assert path.is_file(), f"missing module {path.relative_to(WEB)}"
        todo += [resolve(path, ref) for ref in module_imports(path)]
    return seen


@pytest.mark.parametrize("page", PAGES)
def test_every_file_a_page_loads_exists(page):
    refs = page_refs(page)
    assert any(r.endswith(".css") for r in refs) and any(r.endswith(".js") for r in refs)
    for ref in refs:
        assert resolve(WEB / page, ref).is_file(), f"{page}: {ref} does not exist"


def test_every_import_resolves():
    modules = reachable()
    assert WEB / "js" / "table.js" in modules and WEB / "js" / "lobby.js" in modules
    for path in modules:
        for ref in module_imports(path):
            assert resolve(path, ref).is_file(), f"{path.relative_to(WEB)}: {ref} is missing"


def test_the_import_pattern_sees_every_form():
    sample = """import { a, b } from "./x.js";
import * as y from '../y.js';
import "./side.js";
export { z } from "./z.js";
const m = await import("./m.js");"""
    found = IMPORT.findall(sample)
    assert found == ["./x.js", "../y.js", "./side.js", "./z.js", "./m.js"]


def test_no_file_is_orphaned():
    """Every module in web/ is used by a page (a stray file is dead code)."""
    modules = reachable()
    stray = [p.relative_to(WEB) for p in WEB.rglob("*.js") if p.resolve() not in modules]
    assert not stray, stray


def test_nothing_comes_from_outside():
    """The client works offline: no CDN, no remote font, no absolute URL to another host."""
    remote = re.compile(r"""(?:src|href|from|import\(|url\()\s*=?\s*["']?https?://""")
    for path in [*WEB.rglob("*.js"), *WEB.rglob("*.html"), *WEB.rglob("*.css")]:
        assert not remote.search(path.read_text()), path


RENDERERS = sorted((WEB / "renderers").glob("*.js"))


@pytest.mark.parametrize("renderer", RENDERERS, ids=lambda p: p.stem)
def test_every_renderer_exports_render(renderer):
    assert re.search(r"^export function render\(root, view, ctx\)", renderer.read_text(), re.M)
    assert renderer.stem in gangland.game_ids(), f"{renderer.name} is named after no game"


def test_the_two_games_have_renderers():
    assert {p.stem for p in RENDERERS} >= {"gangster", "gangster-city"}


def test_modules_stay_small():
    """The same limit as for Python modules: about 600 lines, then split by concern."""
    long = {str(p.relative_to(WEB)): n for p in WEB.rglob("*") if p.suffix in {".js", ".css"}
            and (n := len(p.read_text().splitlines())) > 650}
    assert not long, long


@pytest.mark.skipif(shutil.which("node") is None, reason="no Node.js to check the syntax with")
def test_every_module_parses():
    """A syntax error would only show in a browser; Node.js reads the modules without running
    them."""
    for path in WEB.rglob("*.js"):
        result = subprocess.run(["node", "--experimental-default-type=module", "--check",
                                 str(path)], capture_output=True, text=True, check=False)
        assert result.returncode == 0, f"{path.relative_to(WEB)}: {result.stderr}"


#: What the server's Content-Security-Policy (script-src and style-src 'self') refuses: an
#: inline script, style or handler in a page; HTML text parsed from a string, code built
#: from a string, or a style attribute set as such in a module.
INLINE_IN_PAGES = re.compile(r"""<script(?![^>]*\bsrc=)|<style\b|\sstyle\s*=|\son\w+\s*=""", re.I)
REFUSED_IN_MODULES = re.compile(
    r"""\.(?:inner|outer)HTML\b|insertAdjacentHTML|document\.write|\beval\(|new Function\b"""
    r"""|setAttribute\(\s*["'](?:style|on\w+)["']|["']javascript:""")


@pytest.mark.parametrize("page", PAGES)
def test_no_page_holds_what_the_csp_refuses(page):
    assert not INLINE_IN_PAGES.search((WEB / page).read_text())


def test_no_module_does_what_the_csp_refuses():
    for path in sorted(WEB.rglob("*.js")):
        found = REFUSED_IN_MODULES.search(path.read_text())
        assert found is None, (path.relative_to(WEB), found and found.group())
    # every element is made by dom.js, which sets a style through the CSSOM
    assert re.search(r'key === "style"\) node\.style\.cssText = value',
                     (WEB / "js" / "dom.js").read_text())
