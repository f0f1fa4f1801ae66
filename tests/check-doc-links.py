#!/usr/bin/env python3
"""Check that the documentation's references to files of the repository resolve.

Markdown (README.md and doc/**/*.md): every relative link and image --
[text](target), ![alt](target), [ref]: target, <img src=...>, <a href=...> --
must name a file or folder of the repository (relative to the page; a
'#fragment' into a Markdown page must name one of its headings, as GitHub
spells them), and every inline code span that is a path from the repository
root (`src/...`, `doc/...`, `tests/...`, ...) must exist; globs and {a,b}
alternatives must match at least one file.

reStructuredText (the module chapters src/*/doc/*.rst): every `.. include::`,
`.. literalinclude::`, `.. image::`, `.. figure::` and :download: target must
exist (relative to the chapter; replace.txt is ns-3's own, from
doc/models/source), and every ``literal`` that is a path must exist, relative
to the chapter's module folder (``model/x.h``) or to the repository root.

Links to absolute URLs and code inside fenced/literal blocks are not checked.
A target must not leave the repository or lie in a folder git ignores
(build/, results/): a fresh clone would not have it.

README.md must have at most 250 lines (it is the front door; the reference
lives in the chapters).

Prints one line per problem and exits 1, or prints OK.

Usage: check-doc-links.py [REPOSITORY_ROOT]
"""

import glob
import os
import re
import subprocess
import sys
import urllib.parse

README_MAX_LINES = 250
# Provided by ns-3's documentation build (doc/models/source), not by this repository.
NS3_PROVIDED_INCLUDES = {'replace.txt'}
# First components of paths written from the repository root.
ROOT_DIRS = ('src', 'doc', 'tests', 'scenarios', 'analysis', 'scratch', 'benchmarks',
             'cmake', '.ci', 'examples')
# Module-relative folders, resolved from an .rst chapter's module.
MODULE_DIRS = ('util', 'filter', 'model', 'helper', 'test', 'examples', 'doc')

problems = []


def problem(path, line, text):
    problems.append('%s:%d: %s' % (path, line, text))


def line_of(text, offset):
    return text.count('\n', 0, offset) + 1


class Repo:
    def __init__(self, root):
        self.root = os.path.realpath(root)
        self.git = os.path.exists(os.path.join(self.root, '.git'))
        self._ignored = None  # untracked paths git ignores, read once

    def rel(self, path):
        return os.path.relpath(path, self.root)

    def inside(self, path):
        real = os.path.realpath(path)
        return real == self.root or real.startswith(self.root + os.sep)

    def ignored(self, path):
        """Whether git ignores the path (it would not be in a fresh clone)."""
        if self._ignored is None:
            self._ignored = set()
            if self.git:
                try:
                    out = subprocess.run(['git', '-C', self.root, 'ls-files', '--others',
                                          '--ignored', '--exclude-standard', '--directory',
                                          '-z'], stdout=subprocess.PIPE,
                                         stderr=subprocess.DEVNULL).stdout
                    self._ignored = {e.rstrip('/') for e in out.decode().split('\0') if e}
                except OSError:  # no git: existence is all that can be checked
                    pass
        rel = self.rel(path).replace(os.sep, '/')
        parts = rel.split('/')
        return any('/'.join(parts[:i]) in self._ignored for i in range(1, len(parts) + 1))

    def why_not(self, path):
        """None when path is a file or folder of the repository, else the reason."""
        if not self.inside(path):
            return 'outside the repository'
        if not os.path.exists(path):
            return 'no such file'
        if self.ignored(path):
            return 'ignored by git (not in a fresh clone)'
        return None


def expand_braces(pattern):
    m = re.search(r'\{([^{}]*)\}', pattern)
    if not m:
        return [pattern]
    out = []
    for alt in m.group(1).split(','):
        out.extend(expand_braces(pattern[:m.start()] + alt + pattern[m.end():]))
    return out


def path_matches(repo, base, pattern):
    """Whether every {a,b} alternative of pattern (relative to base) exists."""
    for alt in expand_braces(pattern):
        full = os.path.join(base, alt)
        if any(ch in alt for ch in '*?['):
            hits = [h for h in glob.glob(full) if repo.why_not(h) is None]
            if not hits:
                return False
        elif repo.why_not(full) is not None:
            return False
    return True


# ------------------------------------------------------------------ Markdown

FENCE = re.compile(r'^( {0,3})(`{3,}|~{3,})')


def blank_code(text):
    """The text with fenced code blocks blanked (offsets and lines kept)."""
    out = []
    fence = None
    for line in text.splitlines(keepends=True):
        m = FENCE.match(line)
        if fence is None and m:
            fence = m.group(2)[0] * len(m.group(2))
            out.append(re.sub(r'[^\n]', ' ', line))
        elif fence is not None:
            if line.strip().startswith(fence):
                fence = None
            out.append(re.sub(r'[^\n]', ' ', line))
        else:
            out.append(line)
    return ''.join(out)


CODE_SPAN = re.compile(r'(`+)(.+?)\1', re.S)
INLINE_LINK = re.compile(r'!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*(<[^>]*>|[^\s()]+(?:\([^\s()]*\)[^\s()]*)*)'
                         r'(?:\s+(?:"[^"]*"|\'[^\']*\'|\([^)]*\)))?\s*\)')
REF_DEF = re.compile(r'^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)', re.M)
HTML_REF = re.compile(r'<(?:img|a|source)\b[^>]*?\b(?:src|href)\s*=\s*["\']([^"\']+)["\']', re.I)
HEADING = re.compile(r'^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$', re.M)
PATH_SPAN = re.compile(r'^\.?[A-Za-z0-9_][\w.\-]*(/[\w.\-*?{},\[\]]*)+$|^[\w.\-]+\.md$')


def github_slugs(text):
    slugs = set()
    seen = {}
    for m in HEADING.finditer(blank_code(text)):
        title = re.sub(r'`([^`]*)`', r'\1', m.group(2))
        title = re.sub(r'!?\[([^\]]*)\]\([^)]*\)', r'\1', title)
        slug = re.sub(r'[^\w\- ]', '', title.strip().lower()).replace(' ', '-')
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        slugs.add(slug if n == 0 else '%s-%d' % (slug, n))
    return slugs


def check_target(repo, page, text, offset, target):
    rel_page = repo.rel(page)
    line = line_of(text, offset)
    if target.startswith('<') and target.endswith('>'):
        target = target[1:-1]
    if re.match(r'^[A-Za-z][A-Za-z0-9+.-]*:', target) or target.startswith('//'):
        return  # URL (http:, mailto:, ...)
    path, _, fragment = target.partition('#')
    path = urllib.parse.unquote(path)
    if path.startswith('/'):
        problem(rel_page, line, '%s: absolute path (write it relative to the page)' % target)
        return
    full = os.path.normpath(os.path.join(os.path.dirname(page), path)) if path else page
    why = repo.why_not(full)
    if why:
        problem(rel_page, line, '%s: %s' % (target, why))
        return
    if fragment and full.endswith('.md') and os.path.isfile(full):
        with open(full, encoding='utf-8') as f:
            if fragment.lower() not in github_slugs(f.read()):
                problem(rel_page, line, '%s: no heading #%s in %s' % (target, fragment,
                                                                        repo.rel(full)))


def check_markdown(repo, page):
    with open(page, encoding='utf-8') as f:
        text = f.read()
    prose = blank_code(text)
    spans = []

    def keep_span(m):
        spans.append((m.start(), m.group(2).strip()))
        return m.group(1) + ' ' * len(m.group(2)) + m.group(1)

    no_code = CODE_SPAN.sub(keep_span, prose)
    for m in INLINE_LINK.finditer(no_code):
        check_target(repo, page, text, m.start(), m.group(1))
    for m in REF_DEF.finditer(no_code):
        check_target(repo, page, text, m.start(), m.group(1))
    for m in HTML_REF.finditer(no_code):
        check_target(repo, page, text, m.start(), m.group(1))
    for offset, span in spans:
        if PATH_SPAN.match(span) and span.split('/')[0] in ROOT_DIRS:
            if not path_matches(repo, repo.root, span.rstrip('/')):
                problem(repo.rel(page), line_of(text, offset),
                        '`%s`: no such file in the repository' % span)


# ---------------------------------------------------------- reStructuredText

RST_DIRECTIVE = re.compile(r'^\s*\.\.\s+(include|literalinclude|image|figure)::\s*(\S+)', re.M)
RST_DOWNLOAD = re.compile(r':download:`(?:[^`<]*<([^>`]+)>|([^`]+))`')
RST_LITERAL = re.compile(r'``([^`\s]+)``')


def blank_rst_literal_blocks(text):
    """The text with literal blocks (after '::' or a code-block directive) blanked."""
    lines = text.splitlines(keepends=True)
    out = []
    in_block = False
    block_indent = None
    opener = False
    for line in lines:
        stripped = line.strip()
        indent = len(line) - len(line.lstrip())
        if in_block:
            if stripped and block_indent is None:
                block_indent = indent
            if stripped and block_indent is not None and indent < block_indent:
                in_block = False
            else:
                out.append(re.sub(r'[^\n]', ' ', line))
                continue
        out.append(line)
        if opener and not stripped:
            in_block, block_indent, opener = True, None, False
        elif re.match(r'^\s*\.\.\s+(code-block|code|sourcecode)::', line) or (
                stripped.endswith('::') and not re.match(r'^\s*\.\.\s', line)):
            opener = True
    return ''.join(out)


def check_rst(repo, page):
    with open(page, encoding='utf-8') as f:
        text = f.read()
    rel_page = repo.rel(page)
    here = os.path.dirname(page)
    module = os.path.dirname(here)
    for m in RST_DIRECTIVE.finditer(text):
        target = m.group(2)
        if m.group(1) == 'include' and target in NS3_PROVIDED_INCLUDES:
            continue
        why = repo.why_not(os.path.normpath(os.path.join(here, target)))
        if why:
            problem(rel_page, line_of(text, m.start()), '%s:: %s: %s' % (m.group(1), target, why))
    for m in RST_DOWNLOAD.finditer(text):
        target = m.group(1) or m.group(2)
        why = repo.why_not(os.path.normpath(os.path.join(here, target)))
        if why:
            problem(rel_page, line_of(text, m.start()), ':download: %s: %s' % (target, why))
    prose = blank_rst_literal_blocks(text)
    for m in RST_LITERAL.finditer(prose):
        span = m.group(1)
        if not PATH_SPAN.match(span):
            continue
        first = span.split('/')[0]
        bases = []
        if first in MODULE_DIRS:
            bases.append(module)
        if first in ROOT_DIRS:
            bases.append(repo.root)
        if bases and not any(path_matches(repo, b, span.rstrip('/')) for b in bases):
            problem(rel_page, line_of(text, m.start()),
                    '``%s``: no such file in %s' % (span, ' or '.join(
                        repo.rel(b) if b != repo.root else 'the repository' for b in bases)))


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), '..')
    repo = Repo(root)
    readme = os.path.join(repo.root, 'README.md')
    pages = [readme] + sorted(glob.glob(os.path.join(repo.root, 'doc', '**', '*.md'),
                                        recursive=True))
    for page in pages:
        if os.path.isfile(page):
            check_markdown(repo, page)
        else:
            problem(repo.rel(page), 0, 'missing')
    if os.path.isfile(readme):
        with open(readme, encoding='utf-8') as f:
            n = len(f.read().splitlines())
        if n > README_MAX_LINES:
            problem('README.md', n, '%d lines, more than %d: move reference text to the '
                    'module chapters or doc/' % (n, README_MAX_LINES))
    for page in sorted(glob.glob(os.path.join(repo.root, 'src', '*', 'doc', '*.rst'))):
        check_rst(repo, page)
    for p in problems:
        print(p)
    if problems:
        return 1
    print('OK')
    return 0


if __name__ == '__main__':
    sys.exit(main())
