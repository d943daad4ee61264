#!/usr/bin/env python3
"""Converts one DPjudge PostScript map into a judge board file.

Runs the geometry study's ps_to_svg.py (../shared/notes/geometry) on
DPjudge's maps/<ps>.ps, matches its locations to the provinces of every
one of our maps drawn on it (maps/<ps>.toml and each map whose `board`
names it), recovers a shape for every province, merges the board art
into few layers, and writes maps/boards/<ps>.toml (format: docs/maps.md).

    python3 tools/board_from_ps.py standard
    python3 tools/board_from_ps.py --all

Hand data (aliases, missing points, extra colours) comes from
tools/board_fixes.toml. Run offline; the output is committed.

Shapes: ps_to_svg.py recovers the planar faces of the board's line work
(lines running along another split at its vertices first); each face
goes to the province whose unit point lies in it (innermost face first),
except that a land province whose point stands in a water face (an
island's unit beside it) takes land faces instead: the one with its
centre dot or label, else the nearest, and the islands round it. A face
holding the points of several provinces is cut along its narrowest
necks between them, else split by the perpendicular bisectors of their
points (the face clipped to each one's Voronoi cell).
A province whose point lies in no face gets its Voronoi cell among all
provinces' points, cut to the drawing and to a disc around its point.
Faces with a province's label or centre dot join it, small slivers join
their longest neighbour of their kind (water a sea, land a land
province), and faces inside a province's face (islands, lakes) are cut
out of it as holes. docs/maps.md says more.
"""
import argparse
import importlib.util
import json
import math
import os
import sys
import textwrap
import tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.normpath(os.path.join(ROOT, "..", "shared"))
TOOL = os.path.join(SHARED, "notes", "geometry", "ps_to_svg.py")
PS_MAPS = os.path.join(SHARED, "dpjudge", "maps")
FIXES = os.path.join(ROOT, "tools", "board_fixes.toml")

ALL = ("1900 aberration ambition ancmed brazilian britain canton chaos "
       "chromatic classical crowded empire fiveman hundred imperial loeb9 "
       "milan minorpower modern modern-up pure renaissance sailho sengoku "
       "slovenia standard v8 void youngstown zeus").split()

# The disc a province without a face of its own is cut to, in standard
# map units (scaled by the board's token scale).
DISC_RADIUS = 22.0

# A face smaller than this (standard map units squared) with no province
# point in it is a sliver between border lines that do not meet.
SLIVER = 60.0

# The colour of water in every DPjudge map's art (seas, lakes): a land
# province's owner tint should not cover it.
WATER = "#1a6699"

# The radius of the dot that stands for a land province the art draws no
# land for (standard map units): a supply-centre dot's.
ISLE = 3.2

# Shape points closer than this (standard map units) to the outline kept
# are dropped: under half the width of the thinnest border line (0.75).
SIMPLIFY = 0.3

NOTICE = """\
# Board geometry for drawing the {ps} map. Format: docs/maps.md
#
# Converted from DPjudge maps/{ps}.ps by
#   python3 tools/board_from_ps.py {ps}
# with the hand data of tools/board_fixes.toml. Coordinates are SVG user
# units, y pointing down. The variants drawn on it:
{variants}
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


def load_tool():
    spec = importlib.util.spec_from_file_location("ps_to_svg", TOOL)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def q(s):
    return json.dumps(s)


def num(x):
    x = round(float(x), 1)
    return str(int(x)) if x == int(x) else str(x)


def pt(p):
    return "[%s, %s]" % (num(p[0]), num(p[1]))


def norm(name):
    return "".join(c for c in name.lower() if c.isalnum())


# ------------------------------------------------------------ geometry

def area(ring):
    a = 0.0
    for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1]):
        a += x1 * y2 - x2 * y1
    return a / 2


def clip_half(ring, a, b):
    """Sutherland-Hodgman: the part of `ring` nearer point a than point b."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    dx, dy = b[0] - a[0], b[1] - a[1]

    def side(p):
        return (p[0] - mx) * dx + (p[1] - my) * dy   # <= 0: a's side

    out = []
    n = len(ring)
    for i in range(n):
        p, r = ring[i - 1], ring[i]
        sp, sr = side(p), side(r)
        if sr <= 0:
            if sp > 0:
                t = sp / (sp - sr)
                out.append((p[0] + t * (r[0] - p[0]), p[1] + t * (r[1] - p[1])))
            out.append(r)
        elif sp <= 0:
            t = sp / (sp - sr)
            out.append((p[0] + t * (r[0] - p[0]), p[1] + t * (r[1] - p[1])))
    return out


def clip_convex(ring, convex):
    """`ring` cut to a convex counter-clockwise polygon."""
    n = len(convex)
    for i in range(n):
        if len(ring) < 3:
            return []
        a, b = convex[i], convex[(i + 1) % n]
        # keep the left of a->b: reflect the inner normal into a point pair
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        nx, ny = b[1] - a[1], a[0] - b[0]          # outward normal (ccw)
        ring = clip_half(ring, (mx - nx, my - ny), (mx + nx, my + ny))
    return ring


def holds(rings, p):
    """Whether point p is inside the rings (even-odd rule)."""
    n = 0
    for ring in rings:
        x, y = p
        for i in range(len(ring)):
            (x1, y1), (x2, y2) = ring[i - 1], ring[i]
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                n += 1
    return n % 2 == 1


def split_face(tool, ring, ids, pts, budget=3000):
    """A face holding the points of several provinces, cut into one part
    each along the shortest chords between its own vertices that separate
    the points (the strait or border the art leaves open). None when no
    chord shorter than 0.8 times the distance between the nearest two of
    the points does it."""
    if len(ids) == 1:
        return {ids[0]: ring}
    n = len(ring)
    near = min(math.hypot(pts[a][0] - pts[b][0], pts[a][1] - pts[b][1])
               for a in ids for b in ids if a < b)
    limit = 0.8 * near
    pairs = []
    for i in range(n):
        xi, yi = ring[i]
        for j in range(i + 2, n):
            if i == 0 and j == n - 1:
                continue
            d = math.hypot(ring[j][0] - xi, ring[j][1] - yi)
            if d < limit:
                pairs.append((d, i, j))
    pairs.sort()
    for d, i, j in pairs[:budget]:
        a, b = ring[i], ring[j]
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        if d < 1e-6 or not tool.inside(mid, ring):
            continue
        crosses = False
        for e in range(n):
            p, q = ring[e], ring[(e + 1) % n]
            if e in (i, j) or (e + 1) % n in (i, j) or e == (i - 1) % n or e == (j - 1) % n:
                continue
            hit = tool.seg_intersect(a, b, p, q)
            if hit and 1e-6 < hit[0] < 1 - 1e-6:
                crosses = True
                break
        if crosses:
            continue
        one, two = ring[i:j + 1], ring[j:] + ring[:i + 1]
        in_one = [u for u in ids if tool.inside(pts[u], one)]
        in_two = [u for u in ids if tool.inside(pts[u], two)]
        if not in_one or not in_two or sorted(in_one + in_two) != sorted(ids):
            continue
        left = split_face(tool, one, in_one, pts, budget)
        right = split_face(tool, two, in_two, pts, budget)
        if left is None or right is None:
            continue
        left.update(right)
        return left
    return None


def split_on_vertices(lines, eps, cell):
    """The polylines with every segment split at the vertices of the
    others that lie on it (within eps): a border drawn along the frame, or
    a coast along another map's edge, then shares its edges with the line
    it overlies instead of running beside it unsplit (polygonize cuts
    segments only where they cross, so collinear overlaps would leave
    faces open)."""
    grid = {}
    for line in lines:
        for p in line:
            grid.setdefault((int(p[0] // cell), int(p[1] // cell)), set()).add(p)
    out = []
    for line in lines:
        new = [line[0]]
        for a, b in zip(line, line[1:]):
            dx, dy = b[0] - a[0], b[1] - a[1]
            L2 = dx * dx + dy * dy
            on = []
            if L2 > 0:
                gx0, gx1 = int((min(a[0], b[0]) - eps) // cell), int((max(a[0], b[0]) + eps) // cell)
                gy0, gy1 = int((min(a[1], b[1]) - eps) // cell), int((max(a[1], b[1]) + eps) // cell)
                if (gx1 - gx0 + 1) * (gy1 - gy0 + 1) <= 4 or abs(dx) < 2 * cell or abs(dy) < 2 * cell:
                    keys = [(gx, gy) for gx in range(gx0, gx1 + 1) for gy in range(gy0, gy1 + 1)]
                else:                             # a long slanted segment: its cells only
                    n = int(math.hypot(dx, dy) / cell * 2) + 2
                    keys = set()
                    for k in range(n + 1):
                        x, y = a[0] + dx * k / n, a[1] + dy * k / n
                        for ox in (-1, 0, 1):
                            for oy in (-1, 0, 1):
                                keys.add((int(x // cell) + ox, int(y // cell) + oy))
                for key in keys:
                    for p in grid.get(key, ()):
                        t = ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / L2
                        if t <= 1e-9 or t >= 1 - 1e-9:
                            continue
                        if abs((p[0] - a[0]) * dy - (p[1] - a[1]) * dx) <= eps * math.sqrt(L2):
                            on.append((t, p))
            on.sort()
            new.extend(p for _, p in on)
            new.append(b)
        out.append(new)
    return out


def convex_hull(points):
    """The convex hull, counter-clockwise (Andrew's monotone chain)."""
    pts = sorted(set(points))
    if len(pts) < 3:
        return pts

    def half(seq):
        out = []
        for p in seq:
            while len(out) >= 2 and (
                    (out[-1][0] - out[-2][0]) * (p[1] - out[-2][1]) -
                    (out[-1][1] - out[-2][1]) * (p[0] - out[-2][0])) <= 0:
                out.pop()
            out.append(p)
        return out
    lower, upper = half(pts), half(reversed(pts))
    return lower[:-1] + upper[:-1]


def disc(c, r, k=24):
    return [(c[0] + r * math.cos(2 * math.pi * i / k),
             c[1] + r * math.sin(2 * math.pi * i / k)) for i in range(k)]


def bbox(ring):
    xs = [p[0] for p in ring]
    ys = [p[1] for p in ring]
    return min(xs), min(ys), max(xs), max(ys)


def collinear(a, b, c):
    return abs((b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0])) < 1e-9


def tidy(ring):
    """Rounded to 0.1, without repeated points, collinear points or
    zero-width spikes."""
    pts = []
    for x, y in ring:
        p = (round(x, 1), round(y, 1))
        if pts and pts[-1] == p:
            continue
        while len(pts) >= 2 and collinear(pts[-2], pts[-1], p):
            pts.pop()
        if pts and pts[-1] == p:
            continue
        pts.append(p)
    changed = True
    while changed and len(pts) >= 3:
        changed = False
        if pts[0] == pts[-1] or collinear(pts[-2], pts[-1], pts[0]):
            pts.pop()
            changed = True
        elif collinear(pts[-1], pts[0], pts[1]):
            pts.pop(0)
            changed = True
    return pts


def simplify(ring, eps):
    """Douglas-Peucker on a closed ring: drops points closer than eps to
    the line through their neighbours kept."""
    n = len(ring)
    if n <= 4 or eps <= 0:
        return ring
    # split at the point farthest from the first one
    far = max(range(n), key=lambda i: (ring[i][0] - ring[0][0]) ** 2 +
              (ring[i][1] - ring[0][1]) ** 2)
    a = dp(ring[:far + 1], eps)
    b = dp(ring[far:] + [ring[0]], eps)
    out = a[:-1] + b[:-1]
    return out if len(out) >= 3 else ring


def dp(pts, eps):
    keep = [False] * len(pts)
    keep[0] = keep[-1] = True
    stack = [(0, len(pts) - 1)]
    while stack:
        i, j = stack.pop()
        (x1, y1), (x2, y2) = pts[i], pts[j]
        dx, dy = x2 - x1, y2 - y1
        L = math.hypot(dx, dy)
        best, bk = -1.0, None
        for k in range(i + 1, j):
            x, y = pts[k]
            d = (abs(dy * (x - x1) - dx * (y - y1)) / L if L > 0
                 else math.hypot(x - x1, y - y1))
            if d > best:
                best, bk = d, k
        if bk is not None and best > eps:
            keep[bk] = True
            stack.append((i, bk))
            stack.append((bk, j))
    return [p for p, k in zip(pts, keep) if k]


class Paint:
    """The board art's fills, painted in order: what colour a point of the
    drawing shows (non-zero rule, as the board's layers are drawn)."""

    def __init__(self, tool, psm):
        self.fills = []
        for p in psm.map_paths():
            if p["kind"] != "fill":
                continue
            rings = [r for r in tool.flatten(p["path"]) if len(r) >= 3]
            if rings:
                xs = [x for r in rings for x, _ in r]
                ys = [y for r in rings for _, y in r]
                self.fills.append(((min(xs), min(ys), max(xs), max(ys)), rings,
                                   tool.hexcol(p["color"]) == WATER))
        self.fills.reverse()                      # topmost first

    def wet(self, p):
        """Whether point p shows water."""
        x, y = p
        for (x0, y0, x1, y1), rings, water in self.fills:
            if not (x0 <= x <= x1 and y0 <= y <= y1):
                continue
            w = 0
            for ring in rings:
                for i in range(len(ring)):
                    (ax, ay), (bx, by) = ring[i - 1], ring[i]
                    if (ay > y) != (by > y) and \
                            x < ax + (y - ay) * (bx - ax) / (by - ay):
                        w += 1 if by > ay else -1
            if w:
                return water
        return False


# ------------------------------------------------------------ conversion

def our_variants(ps):
    """Our maps drawn on this .ps: (key, parsed toml)."""
    out = []
    for f in sorted(os.listdir(os.path.join(ROOT, "maps"))):
        if not f.endswith(".toml"):
            continue
        key = f[:-5]
        with open(os.path.join(ROOT, "maps", f), "rb") as fh:
            data = tomllib.load(fh)
        if data.get("board", key) == ps:
            out.append((key, data))
    return out


def convert(tool, ps, fixes):
    fix = fixes.get(ps, {})
    psm = tool.PSMap(os.path.join(PS_MAPS, ps + ".ps"))
    psm.run()
    box, flip = tool.svg_frame(psm)
    # The map's units per standard unit: the tolerances of shape recovery,
    # and DPjudge's token size (times the hand factor of a crowded board).
    scale = tool.token_scale(psm)
    tokens = scale * fix.get("token_factor", 1.0)
    variants = our_variants(ps)
    if not variants:
        raise SystemExit("%s: no map of ours is drawn on it" % ps)

    # The .ps locations, in .ps map units (y up).
    info = {i["id"]: i for i in psm.info}
    for nick, p in fix.get("point", {}).items():
        info[nick.upper()] = {"id": nick.upper(), "x": p[0], "y": p[1],
                              "name": ""}
    labels = {l["id"].upper(): l for l in psm.labels}
    by_name = {}
    for i in info.values():
        if "/" not in i["id"] and i["name"]:
            by_name.setdefault(i["name"].lower(), i)
    alias = {k.upper(): v.upper() for k, v in fix.get("alias", {}).items()}

    # Our provinces, the union over the variants drawn on this board.
    provinces, centres, powers = {}, set(), {}
    for _key, data in variants:
        for prov in data.get("province", []):
            provinces.setdefault(prov["abbr"].upper(), prov)
            if prov.get("supply_center"):
                centres.add(prov["abbr"].upper())
        for p in data.get("power", []):
            powers.setdefault(norm(p["name"]), p["name"])

    problems = []
    spaces = {}
    for up, prov in sorted(provinces.items()):
        nick = alias.get(up, up)
        i = info.get(nick) or by_name.get(prov["name"].lower())
        lab = labels.get(nick)
        if i is None and lab is not None:
            i = {"id": nick, "x": lab["x"], "y": lab["y"]}   # label-only point
        if i is None:
            problems.append("no point for %s" % prov["abbr"])
            continue
        nick = i["id"]
        sp = {"abbr": prov["abbr"], "unit": (i["x"], i["y"]), "nick": nick,
              "land": prov["terrain"] in ("land", "coast", "port"),
              "sea": prov["terrain"] == "sea"}
        sp["label"] = (lab["x"], lab["y"]) if lab and lab.get("drawn", True) \
            else sp["unit"]
        c = psm.centres.get(nick) or psm.centres.get(up)
        if c is not None:
            sp["center"] = c
        elif up in centres:
            problems.append("no centre dot for %s" % prov["abbr"])
        coasts = {}
        for cn in (prov.get("coasts") or {}):
            ci = info.get("%s/%s" % (nick, cn.upper()))
            if ci is None:
                problems.append("no point for %s/%s" % (prov["abbr"], cn))
            else:
                coasts[cn.lower()] = (ci["x"], ci["y"])
        sp["coasts"] = coasts
        spaces[up] = sp

    shapes = province_shapes(tool, psm, spaces, scale, fix)
    for up, ring_list in shapes.items():
        spaces[up]["shape"] = ring_list

    # Power colours, by the .ps name; ours that differ get their own entry.
    colours = {}
    for name, p in psm.powers.items():
        colours[norm(name)] = (name, tool.hexcol(p["paint"]),
                               tool.hexcol(p["contrast"]))
    for name, c in fix.get("power", {}).items():
        colours[norm(name)] = (name, c[0], c[1])
    extra = []
    for n, name in sorted(powers.items()):
        if n in colours:
            continue
        src = fix.get("power_alias", {}).get(name)
        if src and norm(src) in colours:
            _, col, con = colours[norm(src)]
            extra.append((name, col, con))
        else:
            problems.append("no colours for power %s" % name)

    def P(p):
        return (p[0], flip(p[1]))

    drawn = textwrap.wrap(", ".join(k for k, _ in variants) + ".", 70)
    lines = [NOTICE.format(ps=ps, variants="\n".join("#   " + w for w in drawn))]
    lines.append("map = %s" % q(ps))
    lines.append("source = %s" % q("DPjudge maps/%s.ps (MIT, Copyright 2017 "
                                   "Manus Hand)" % ps))
    vb = [box[0], box[1], box[2] - box[0], box[3] - box[1]]
    lines.append("view_box = [%s]" % ", ".join(num(v) for v in vb))
    lines.append("token_scale = %s" % round(tokens, 4))
    clip = psm.map_clip()
    if clip:
        lines.append("clip = %s" % q(tool.d_of(clip, flip)))
    for up, sp in sorted(spaces.items()):
        lines.append("")
        lines.append("[[space]]")
        lines.append("abbr = %s" % q(sp["abbr"]))
        lines.append("unit = %s" % pt(P(sp["unit"])))
        lines.append("label = %s" % pt(P(sp["label"])))
        if sp.get("center"):
            lines.append("center = %s" % pt(P(sp["center"])))
        if sp["coasts"]:
            parts = ", ".join("%s = %s" % (c, pt(P(p)))
                              for c, p in sorted(sp["coasts"].items()))
            lines.append("coasts = { %s }" % parts)
        if sp.get("shape"):
            d = "".join("M" + "L".join("%s,%s" % (num(x), num(flip(y)))
                                       for x, y in ring) + "Z"
                        for ring in sp["shape"])
            lines.append("shape = %s" % q(d))
        else:
            problems.append("no shape for %s" % sp["abbr"])
    pw = [(name, col, con) for name, col, con in colours.values()]
    for name, col, con in sorted(pw, key=lambda x: x[0] == "UNOWNED") + extra:
        lines.append("")
        lines.append("[[power]]")
        lines.append("name = %s" % q(name))
        lines.append("color = %s" % q(col))
        lines.append("contrast = %s" % q(con))
    if "unowned" not in colours:
        problems.append("no UNOWNED colour")
    for layer in merged_layers(tool, psm, flip):
        lines.append("")
        lines.append("[[layer]]")
        for key in ("fill", "stroke"):
            if layer.get(key):
                lines.append("%s = %s" % (key, q(layer[key])))
        if layer.get("width") is not None:
            lines.append("width = %s" % round(layer["width"], 2))
        if layer.get("dash"):
            lines.append("dash = [%s]" % ", ".join(str(round(x, 2))
                                                     for x in layer["dash"]))
        lines.append("d = %s" % q(layer["d"]))
    dest = os.path.join(ROOT, "maps", "boards", ps + ".toml")
    with open(dest, "w") as f:
        f.write("\n".join(lines) + "\n")
    return problems


def merged_layers(tool, psm, flip):
    """The board art; consecutive paths of one style become one layer."""
    out = []
    for p in psm.map_paths():
        e = {"d": tool.d_of(p["path"], flip)}
        if p["kind"] == "fill":
            e["fill"] = tool.hexcol(p["color"])
        else:
            e["stroke"] = tool.hexcol(p["color"])
            e["width"] = round(max(p["width"], 0.2), 2)
            if p["dash"]:
                e["dash"] = [round(d, 2) for d in p["dash"]]
        key = (e.get("fill"), e.get("stroke"), e.get("width"),
               tuple(e.get("dash") or ()))
        if out and out[-1][0] == key:
            out[-1][1]["d"] += e["d"]
        else:
            out.append((key, e))
    return [e for _, e in out]


def province_shapes(tool, psm, spaces, scale, fix):
    """Each province's outline: a list of rings (outer first, then holes),
    in .ps map units, outer rings counter-clockwise, holes clockwise."""
    lines = []
    for p in psm.map_paths():
        lines.extend(tool.flatten(p["path"]))
    clip = psm.map_clip()
    if clip:
        lines.extend(tool.flatten(clip))
    for seg in fix.get("closure", []):
        lines.append([tuple(seg[i:i + 2]) for i in range(0, len(seg), 2)])
    lines = split_on_vertices(lines, 0.01 * scale, 4 * scale)
    faces = tool.polygonize(lines, snap=0.5 * scale, tol=2.5 * scale)
    faces.sort(key=lambda f: f[0])               # innermost first
    boxes = [bbox(r) for _, r in faces]
    pts = {up: sp["unit"] for up, sp in spaces.items()}
    owner = {}                                    # face index -> [province]
    homeless = []
    for up, p in sorted(pts.items()):
        for k, (_, ring) in enumerate(faces):
            b = boxes[k]
            if b[0] <= p[0] <= b[2] and b[1] <= p[1] <= b[3] and \
                    tool.inside(p, ring):
                owner.setdefault(k, []).append(up)
                break
        else:
            homeless.append(up)

    def face_of(p):
        for k, (_, ring) in enumerate(faces):
            b = boxes[k]
            if b[0] <= p[0] <= b[2] and b[1] <= p[1] <= b[3] and \
                    tool.inside(p, ring):
                return k
        return None

    def probe_inside(ring, outer):
        verts = set(outer)
        probe = next((v for v in ring if v not in verts), None)
        return probe is not None and tool.inside(probe, outer)

    def holes(k):
        """Faces lying inside face k: the outermost of them."""
        return [list(reversed(faces[j][1])) for j in inner(k)]

    def inner(k):
        """The faces lying inside face k, the outermost of them."""
        ring, b = faces[k][1], boxes[k]
        verts = set(ring)
        found = []
        for j, (_, other) in enumerate(faces):
            if j == k or faces[j][0] >= faces[k][0]:
                continue
            ob = boxes[j]
            if ob[0] < b[0] or ob[1] < b[1] or ob[2] > b[2] or ob[3] > b[3]:
                continue
            probe = next((v for v in other if v not in verts), None)
            if probe is not None and tool.inside(probe, ring):
                found.append(j)
        found.sort(key=lambda j: -faces[j][0])
        top = []
        for j in found:
            other = faces[j][1]
            if not any(probe_inside(other, faces[t][1]) for t in top):
                top.append(j)
        return top

    paint = Paint(tool, psm)
    wet_shares = {}

    def wet_share(k):
        """The share of face k (without the faces inside it) that shows
        water, from a grid of samples."""
        if k not in wet_shares:
            x0, y0, x1, y1 = boxes[k]
            wet = dry = 0
            for n in (8, 24, 64):
                for i in range(n):
                    for j in range(n):
                        p = (x0 + (x1 - x0) * (i + 0.5) / n,
                             y0 + (y1 - y0) * (j + 0.5) / n)
                        if face_of(p) == k:
                            if paint.wet(p):
                                wet += 1
                            else:
                                dry += 1
                if wet + dry >= 8:
                    break
            wet_shares[k] = wet / (wet + dry) if wet + dry else 0.0
        return wet_shares[k]

    def land_face(k):
        return wet_share(k) < 0.75

    def ring_distance(p, ring):
        best = math.inf
        for (ax, ay), (bx, by) in zip(ring, ring[1:] + ring[:1]):
            dx, dy = bx - ax, by - ay
            L2 = dx * dx + dy * dy
            t = 0 if L2 == 0 else max(0, min(1, ((p[0] - ax) * dx + (p[1] - ay) * dy) / L2))
            best = min(best, math.hypot(ax + t * dx - p[0], ay + t * dy - p[1]))
        return best

    # Stranded land provinces: DPjudge puts the unit of an island, and of
    # some coasts, on the water beside it (Crete, 1900's Venice), so the
    # point lies in a sea face, shared with the sea's own point, or in a
    # box the art draws round a group of islands (Baleares, Zeus's
    # islands). The owner's tint is the land: the face holding the
    # province's centre dot or label, else the nearest land face no point
    # lies in, and the land whose coast the point stands on; when the
    # first is an island in the sea face, the other islands there nearer
    # its point than any other point go with it.
    extra = {}                                    # face index -> province
    bare = {}                                     # province -> its dot

    def ownerless(j):
        return j not in owner and j not in extra

    def nearest_land(p, k):
        reach = DISC_RADIUS * scale
        near = []
        for j, (_, ring) in enumerate(faces):
            b = boxes[j]
            if j == k or b[0] > p[0] + reach or b[2] < p[0] - reach or \
                    b[1] > p[1] + reach or b[3] < p[1] - reach:
                continue
            if ownerless(j) and land_face(j):
                d = ring_distance(p, ring)
                if d <= reach:
                    near.append((d, j))
        return min(near)[1] if near else None

    for up in sorted(pts):
        sp, p = spaces[up], pts[up]
        k = face_of(p)
        if not sp["land"] or k is None or land_face(k):
            continue
        first = None
        for q_ in (sp.get("center"), sp.get("label")):
            j = face_of(q_) if q_ is not None else None
            if j is not None and j != k and ownerless(j) and land_face(j):
                first = j
                break
        near = nearest_land(p, k)
        if first is None:
            first = near
        if first is None:
            c = sp.get("center") or p
            if paint.wet(p) and paint.wet(c):
                # No land drawn at all (Zeus's Solomon Islands, a box in
                # the sea): the tint is the centre dot's disc.
                print("%s: %s has no land drawn; its shape is a dot" % (psm.name, up))
                owner[k].remove(up)
                if not owner[k]:
                    del owner[k]
                bare[up] = disc(c, ISLE * scale, 12)
            else:
                print("%s: %s stands in a face mostly water, with no land face near" % (psm.name, up))
            continue
        found = [first]
        if near is not None and near != first and \
                ring_distance(p, faces[near][1]) <= 2.5 * scale:
            found.append(near)              # the point is on its coast too
        isles = inner(k)
        if first in isles:
            rivals = [o for o in owner[k] if o != up]
            for j in isles:
                if j == first or not ownerless(j) or not land_face(j):
                    continue
                ring = faces[j][1]
                c = (sum(q[0] for q in ring) / len(ring),
                     sum(q[1] for q in ring) / len(ring))
                mine = math.hypot(c[0] - p[0], c[1] - p[1])
                if all(math.hypot(c[0] - pts[o][0], c[1] - pts[o][1]) > mine
                       for o in rivals):
                    found.append(j)
        owner[k].remove(up)
        if not owner[k]:
            del owner[k]
        owner[found[0]] = [up]
        for j in found[1:]:
            extra[j] = up

    # A face with no unit point but a province's label or centre dot in it
    # is a part of that province (Loeb9's Constantinople, across the
    # Bosporus), if it is land for a land province.
    claimed = dict(extra)                         # face index -> province
    for up, sp in sorted(spaces.items()):
        if up in homeless:
            continue
        for q_ in (sp.get("label"), sp.get("center")):
            if q_ is None or tuple(q_) == tuple(pts[up]):
                continue
            k = face_of(q_)
            if k is not None and k not in owner and k not in claimed and \
                    (not sp["land"] or land_face(k)):
                claimed[k] = up

    # Slivers: small faces with no point of their own, left where border
    # lines do not quite meet; each joins the province face it shares the
    # longest edge with, water a sea's and land a land province's (the
    # water a crossing arrow cuts off a strait stays the sea's).
    edge_face = {}
    for k in owner:
        ring = faces[k][1]
        for a, c in zip(ring, ring[1:] + ring[:1]):
            edge_face[(c, a)] = k
    slivers = {}
    for j, (a_j, ring) in enumerate(faces):
        if j in owner or j in claimed or a_j > SLIVER * scale * scale:
            continue
        wet = not land_face(j)
        shared = {}
        for a, c in zip(ring, ring[1:] + ring[:1]):
            k = edge_face.get((a, c))
            if k is not None and wet == spaces[owner[k][0]]["sea"]:
                shared[k] = shared.get(k, 0) + math.hypot(c[0] - a[0], c[1] - a[1])
        if shared:
            slivers.setdefault(max(shared, key=shared.get), []).append(ring)

    # The drawing's clip outline (rectangle, circle, ellipse, heptagon):
    # shapes are cut to it when it is convex.
    hull = None
    if clip:
        rings = tool.flatten(clip)
        if len(rings) == 1 and len(rings[0]) >= 3:
            # flattened curves round to a ring that is convex but for
            # rounding: take its convex hull when that adds next to nothing
            hull = convex_hull(rings[0])
            if abs(area(hull)) > 1.02 * abs(area(rings[0])):
                hull = None

    shapes = {}
    for k, provs in owner.items():
        rings = [faces[k][1]] + holes(k) + slivers.get(k, [])
        parts = split_face(tool, faces[k][1], provs, pts) if len(provs) > 1 else None
        for up in provs:
            mine = rings
            if parts:
                # the face cut along its narrowest necks; holes and slivers
                # go with the part they lie in or the nearest point
                mine = [parts[up]]
                for r in rings[1:]:
                    c = (sum(p[0] for p in r) / len(r), sum(p[1] for p in r) / len(r))
                    near = min(provs, key=lambda o: math.hypot(pts[o][0] - c[0],
                                                               pts[o][1] - c[1]))
                    if r in slivers.get(k, []):
                        if near == up:
                            mine.append(r)
                    elif probe_inside(r, parts[up]):
                        mine.append(r)
            else:
                for other in provs:
                    if other != up:
                        mine = [clip_half(r, pts[up], pts[other]) for r in mine]
            if hull:
                mine = [clip_convex(r, hull) for r in mine]
            mine = [tidy(r) for r in mine]
            mine = [r for r in mine if len(r) >= 3 and abs(area(r)) > 0.01]
            simple = [simplify(r, SIMPLIFY * scale) for r in mine]
            if holds(simple, pts[up]) or not holds(mine, pts[up]):
                mine = simple
            if mine:
                shapes[up] = mine
    if clip:
        x0, y0, x1, y1 = tool.bounds([clip], [])
    else:
        x0, y0, x1, y1 = tool.bounds([p["path"] for p in psm.map_paths()],
                                     list(pts.values()))
    rect = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    for k, up in claimed.items():
        rings = [faces[k][1]] + holes(k)
        if hull:
            rings = [clip_convex(r, hull) for r in rings]
        rings = [simplify(tidy(r), SIMPLIFY * scale) for r in rings]
        rings = [r for r in rings if len(r) >= 3 and abs(area(r)) > 0.01]
        if rings:
            shapes.setdefault(up, []).extend(rings)
    shared = sorted("+".join(p) for p in owner.values() if len(p) > 1)
    print("%s: %d provinces: %d with a face of their own, shared faces "
          "split: %s; Voronoi cells: %s" % (
              psm.name, len(pts), sum(len(p) == 1 for p in owner.values()),
              " ".join(shared) or "none", " ".join(homeless) or "none"))
    for up, ring in bare.items():
        shapes[up] = [simplify(tidy(ring), SIMPLIFY * scale)]
    for up in homeless:
        cell = clip_convex(disc(pts[up], DISC_RADIUS * scale), hull or rect)
        for other, q_ in pts.items():
            if other != up and q_ != pts[up]:
                cell = clip_half(cell, pts[up], q_)
        cell = simplify(tidy(cell), SIMPLIFY * scale)
        if len(cell) >= 3:
            shapes[up] = [cell]
    return shapes


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ps", nargs="*", help="the .ps maps, e.g. standard")
    ap.add_argument("--all", action="store_true", help="every DPjudge .ps")
    args = ap.parse_args()
    names = ALL if args.all else args.ps
    if not names:
        ap.error("name a .ps map or give --all")
    tool = load_tool()
    with open(FIXES, "rb") as f:
        fixes = tomllib.load(f)
    bad = False
    for ps in names:
        problems = convert(tool, ps, fixes)
        for p in problems:
            print("%s: %s" % (ps, p), file=sys.stderr)
            bad = True
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
