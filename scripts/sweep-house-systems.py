#!/usr/bin/env python3
"""Lays out random births in several house systems and sizes with `wheel layout` and reads them as an astrologer
reads a wheel: the public rules (../shared/checks/check_wheel_rules.py when it is there, else the rules this
package's tests hold), and whether a wheel's glyphs are smaller than the Placidus wheel of the same birth draws
them. With --pairs, bi-wheels of random pairs instead: their smallest label and glyph.

Usage: scripts/sweep-house-systems.py WHEEL [--births N] [--seed S] [--sizes 250,600,2000]
                                            [--systems whole-sign,equal] [--pairs N] [--keep DIR]
Births: latitudes to +-66, longitudes anywhere, 1800-2100, any time of day, UTC.
"""
import argparse, json, os, random, subprocess, sys, tempfile
from concurrent.futures import ThreadPoolExecutor

here = os.path.dirname(os.path.abspath(__file__))
checker = os.path.join(here, "..", "..", "shared", "checks", "check_wheel_rules.py")


def births(n, seed):
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        year = rng.randint(1800, 2099)
        out.append({"date": f"{year:04d}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}",
                    "time": f"{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}", "zone": "UTC",
                    "latitude": round(rng.uniform(-66, 66), 3), "longitude": round(rng.uniform(-180, 180), 3)})
    return out


def charts(wheel, people, system, folder):
    lines = "".join(json.dumps(dict(p, house_system=system)) + "\n" for p in people)
    out = subprocess.run([wheel, "chart", "--births", "-"], input=lines, capture_output=True, text=True, check=True).stdout
    paths = []
    for k, line in enumerate(out.splitlines()):
        path = os.path.join(folder, f"{system}-{k:03d}.json")
        open(path, "w").write(line)
        paths.append(path)
    return paths


def layout(wheel, args, out):
    with open(out, "w") as f:
        subprocess.run([wheel, "layout", *args], stdout=f, stderr=subprocess.DEVNULL, check=True)
    return json.load(open(out))


def glyph_height(lay, ring=None):
    """The smallest glyph (a column's first box) of a wheel, or of one ring's."""
    return min(b["boxes"][0]["height"] for b in lay["bodies"] if ring is None or b.get("ring", "inner") == ring)


def smallest_box(lay, ring):
    return min(x["height"] for b in lay["bodies"] if b.get("ring", "inner") == ring for x in b["boxes"])


def check(folder, tag):
    if os.path.exists(checker):
        return subprocess.run([sys.executable, checker, folder, tag]).returncode == 0
    print(f"{tag} (no public checker at {checker})")
    return True


def main():
    p = argparse.ArgumentParser()
    p.add_argument("wheel"); p.add_argument("--births", type=int, default=40); p.add_argument("--seed", type=int, default=22)
    p.add_argument("--sizes", default="250,600,2000"); p.add_argument("--systems", default="whole-sign,equal")
    p.add_argument("--pairs", type=int, default=0); p.add_argument("--keep")
    a = p.parse_args()
    root = a.keep or tempfile.mkdtemp()
    os.makedirs(root, exist_ok=True)
    people = births(a.births if not a.pairs else 2 * a.pairs, a.seed)
    pool = ThreadPoolExecutor(os.cpu_count() or 2)
    ok = True
    if a.pairs:
        chart_dir = os.path.join(root, "charts"); os.makedirs(chart_dir, exist_ok=True)
        paths = charts(a.wheel, people, "placidus", chart_dir)
        for size in map(int, a.sizes.split(",")):
            folder = os.path.join(root, f"pairs-{size}"); os.makedirs(folder, exist_ok=True)
            jobs = [pool.submit(layout, a.wheel, [paths[2 * k], "--outer", paths[2 * k + 1], "--size", str(size)],
                                os.path.join(folder, f"pair-{k:03d}.json")) for k in range(a.pairs)]
            lays = [j.result() for j in jobs]
            for ring in ("inner", "outer"):
                labels = sorted(smallest_box(l, ring) for l in lays)
                glyphs = sorted(glyph_height(l, ring) for l in lays)
                print(f"{size}px bi-wheel {ring}: smallest box median {labels[len(labels) // 2]:.1f} px, worst {labels[0]:.1f} px;"
                      f" smallest glyph median {glyphs[len(glyphs) // 2]:.1f}, worst {glyphs[0]:.1f}")
            ok = check(folder, f"{size}px bi-wheels:") and ok
        return ok
    systems = ["placidus"] + [s for s in a.systems.split(",") if s != "placidus"]
    chart_dir = os.path.join(root, "charts"); os.makedirs(chart_dir, exist_ok=True)
    paths = {s: charts(a.wheel, people, s, chart_dir) for s in systems}
    for size in map(int, a.sizes.split(",")):
        lays = {}
        for s in systems:
            folder = os.path.join(root, f"{s}-{size}"); os.makedirs(folder, exist_ok=True)
            jobs = [pool.submit(layout, a.wheel, [path, "--size", str(size)], os.path.join(folder, os.path.basename(path)))
                    for path in paths[s]]
            lays[s] = [j.result() for j in jobs]
            ok = check(folder, f"{size}px {s}:") and ok
        for s in systems[1:]:
            smaller = []
            for k, (mine, theirs) in enumerate(zip(lays[s], lays["placidus"])):
                g, gp = glyph_height(mine), glyph_height(theirs)
                if g < gp - 0.01:
                    smaller.append(f"birth {k}: {g:.1f} px against Placidus {gp:.1f} px")
            print(f"{size}px {s}: {len(smaller)} of {len(lays[s])} wheels draw smaller glyphs than Placidus"
                  + "".join(f"\n    {x}" for x in smaller[:8]))
            ok = ok and not smaller
    return ok


if __name__ == "__main__":
    sys.exit(0 if main() else 1)
