#!/usr/bin/env python3
"""Converts one DPjudge PostScript map into a judge board file.

Runs the geometry study's ps_to_svg.py (../shared/notes/geometry) on
DPjudge's maps/<ps>.ps with --json, matches its locations to the
provinces of our maps/<variant>.toml, merges the board art into few
layers, and writes maps/boards/<ps>.toml (format: docs/maps.md).

    python3 tools/board_from_ps.py standard

Run offline, once per map; the output is committed.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.join(ROOT, "..", "shared")
TOOL = os.path.join(SHARED, "notes", "geometry", "ps_to_svg.py")
PS_MAPS = os.path.join(SHARED, "dpjudge", "maps")

NOTICE = """\
# Board geometry for drawing the {ps} map. Format: docs/maps.md
#
# Converted from DPjudge maps/{ps}.ps by
#   python3 tools/board_from_ps.py {ps}
# Coordinates are SVG user units, y pointing down.
#
# The DPjudge map data is under the MIT licence:
#
#   Copyright 2017 Manus Hand
#
#   Permission is hereby granted, free of charge, to any person obtaining
#   a copy of this software and associated documentation files (the
#   "Software"), to deal in the Software without restriction, including
#   without limitation the rights to use, copy, modify, merge, publish,
#   distribute, sublicense, and/or sell copies of the Software, and to
#   permit persons to whom the Software is furnished to do so, subject to
#   the following conditions:
#
#   The above copyright notice and this permission notice shall be
#   included in all copies or substantial portions of the Software.
#
#   THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND,
#   EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF
#   MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND
#   NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE
#   LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION
#   OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION
#   WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
"""


def q(s):
    return json.dumps(s)


def pt(p):
    return "[%s, %s]" % (num(p[0]), num(p[1]))


def num(x):
    x = round(float(x), 2)
    return str(int(x)) if x == int(x) else str(x)


def style_key(layer):
    return (layer.get("fill"), layer.get("stroke"), layer.get("width"),
            tuple(layer.get("dash") or ()))


def merged_layers(layers):
    """Consecutive layers of one style become one path."""
    out = []
    for layer in layers:
        if out and style_key(out[-1]) == style_key(layer):
            out[-1]["d"] += layer["d"]
        else:
            out.append(dict(layer))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ps", help="the .ps map, e.g. standard")
    ap.add_argument("--variant", help="our map whose provinces to match "
                    "(default: the .ps name)")
    args = ap.parse_args()
    variant = args.variant or args.ps
    with open(os.path.join(ROOT, "maps", variant + ".toml"), "rb") as f:
        ours = tomllib.load(f)
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "g.json")
        subprocess.run([sys.executable, TOOL, args.ps, "--maps", PS_MAPS,
                        "--json", out, "--out", os.path.join(tmp, "g.svg")],
                       check=True, stdout=subprocess.DEVNULL)
        with open(out) as f:
            geo = json.load(f)
    by_abbr = {k.upper(): v for k, v in geo["provinces"].items()}
    by_name = {v.get("name", "").lower(): v for v in geo["provinces"].values()}
    lines = [NOTICE.format(ps=args.ps)]
    lines.append("map = %s" % q(args.ps))
    lines.append("source = %s" % q("DPjudge maps/%s.ps (MIT, Copyright 2017 "
                                   "Manus Hand)" % args.ps))
    lines.append("view_box = [%s]" % ", ".join(num(v) for v in geo["viewBox"]))
    lines.append("token_scale = %s" % num(geo.get("token_scale", 1.0)))
    if geo.get("clip"):
        lines.append("clip = %s" % q(geo["clip"]))
    missing = []
    for prov in ours.get("province", []):
        abbr = prov["abbr"]
        g = by_abbr.get(abbr.upper()) or by_name.get(prov["name"].lower())
        if g is None or "unit" not in g:
            missing.append(abbr)
            continue
        lines.append("")
        lines.append("[[space]]")
        lines.append("abbr = %s" % q(abbr))
        lines.append("unit = %s" % pt(g["unit"]))
        lines.append("label = %s" % pt(g.get("label") or g["unit"]))
        if g.get("centre"):
            lines.append("center = %s" % pt(g["centre"]))
        if g.get("coasts"):
            parts = ", ".join("%s = %s" % (c.lower(), pt(p))
                              for c, p in sorted(g["coasts"].items()))
            lines.append("coasts = { %s }" % parts)
        if g.get("polygon"):
            lines.append("shape = %s" % q(g["polygon"]))
    for name, p in geo.get("powers", {}).items():
        lines.append("")
        lines.append("[[power]]")
        lines.append("name = %s" % q(name))
        lines.append("color = %s" % q(p["fill"]))
        lines.append("contrast = %s" % q(p["contrast"]))
    for layer in merged_layers(geo["layers"]):
        lines.append("")
        lines.append("[[layer]]")
        for key in ("fill", "stroke"):
            if layer.get(key):
                lines.append("%s = %s" % (key, q(layer[key])))
        if layer.get("width") is not None:
            lines.append("width = %s" % num(layer["width"]))
        if layer.get("dash"):
            lines.append("dash = [%s]" % ", ".join(num(x) for x in layer["dash"]))
        lines.append("d = %s" % q(layer["d"]))
    dest = os.path.join(ROOT, "maps", "boards", args.ps + ".toml")
    with open(dest, "w") as f:
        f.write("\n".join(lines) + "\n")
    if missing:
        print("%s: no point for %s" % (args.ps, " ".join(missing)),
              file=sys.stderr)


if __name__ == "__main__":
    main()
