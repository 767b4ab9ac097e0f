#!/usr/bin/env python3
"""Makes Sources/Ephemeris/Tables/*.swift: the bodies' positions as Chebyshev series fitted to JPL's DE405, and
the IAU 2000B nutation series.

What the tables hold, per body (Sun, Moon, Mercury … Pluto), per interval of a fixed number of days: Chebyshev
coefficients of the apparent geocentric longitude, latitude (degrees) and distance (AU), referred to the MEAN
ecliptic and equinox of date, as functions of TT. "Apparent" here is light-time and annual aberration (the
relativistic formula); the Swift code adds nutation in longitude (IAU 2000B, below) and the Sun's light
deflection, which changes too quickly near conjunction to fit in a short series. Frame: DE405's ICRF, through
the frame bias and the IAU 2006 precession to the mean equator of date, then the IAU 2006 mean obliquity.

Sources, all public and redistributable: DE405 (JPL, the PyPI package `de405`, read through `jplephem`); the
IAU 2006 precession, frame bias, mean obliquity and the IAU 2000A nutation coefficients as `skyfield` ships
them. Nothing comes from the Swiss Ephemeris (it is only the yardstick of the tests).

Run with the exact versions below (pip install jplephem==2.24 de405==1997.1 skyfield==1.55 numpy==2.4.6):
    python3 scripts/make-ephemeris-tables.py
The same versions give the same bytes: the script prints each file's SHA-256. The fits' least squares round
differently on OpenBLAS's AVX-512 kernels (2 of 1.9 million coefficients move by one unit), so the script asks
for its Haswell kernels, which the tables were made with, unless OPENBLAS_CORETYPE says otherwise.
"""
import base64, hashlib, os, struct, sys
os.environ.setdefault("OPENBLAS_CORETYPE", "Haswell")  # before numpy loads OpenBLAS
import numpy as np
from numpy.polynomial import chebyshev as cheb
import jplephem, skyfield, de405, de421
from jplephem import Ephemeris
from skyfield.precessionlib import compute_precession
from skyfield.framelib import ICRS_to_J2000
from skyfield.nutationlib import mean_obliquity
from skyfield import nutationlib

VERSIONS = {"jplephem": "2.24", "de405": "1997.1", "de421": "2008.1", "skyfield": "1.55", "numpy": "2.4.6"}
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Sources", "Ephemeris", "Tables")

# The span: 1800-01-01 to 2101-01-01 (TT), with 64 days either side for the zones and the light-time.
J1800, J2101 = 2378496.5, 2488434.5
START, END = J1800 - 64, J2101 + 64

# Per body: days per interval, coefficients for longitude and latitude, coefficients for the distance.
# Chosen so that the series reproduce the pipeline within 0.005" (longitude and latitude), checked below.
PLAN = {
    "sun": (16, 10, 8), "moon": (8, 14, 12), "mercury": (16, 14, 10), "venus": (16, 10, 8), "mars": (16, 10, 8),
    "jupiter": (32, 12, 8), "saturn": (32, 12, 8), "uranus": (32, 12, 8), "neptune": (32, 12, 8), "pluto": (32, 12, 8),
}
ORDER = ["sun", "moon", "mercury", "venus", "mars", "jupiter", "saturn", "uranus", "neptune", "pluto"]
ANGLE_UNIT = 1e-7   # degrees per integer step in the table (0.00036")
DISTANCE_UNIT = 1e-10  # AU per integer step

E405, E421 = Ephemeris(de405), Ephemeris(de421)
AU_KM = E421.AU
C_KM_PER_DAY = 299792.458 * 86400.0
# DE421 over 1900-2050, the span JPL published it for and the one the tests judge by: the newer fit (its Pluto
# moves by up to 1.3″ from DE405's). Outside it DE405, whose span is 1600-2200; DE421 extended (the package reaches
# 2200) departs after 2050 from DE405 and from the Swiss Ephemeris' Moshier theory, Neptune by 1.7″. The two are
# blended smoothly over the five months before 1900-01-01 and after 2050-01-01.
BLENDS = ((E421.jalpha + 4, 2415020.5), (2469807.5, 2469958.5))  # DE405 to DE421; DE421 to DE405


def smoothstep(t, start, end):
    s = np.clip((t - start) / (end - start), 0.0, 1.0)
    return s * s * (3 - 2 * s)


def blended(per_ephemeris, t):
    """`per_ephemeris(E, t)` (a 3-vector per instant) from DE421 over 1900-2050, DE405 outside, mixed between."""
    t = np.asarray(t, dtype=float)
    (rise_from, rise_to), (fall_from, fall_to) = BLENDS
    weight = smoothstep(t, rise_from, rise_to) * (1 - smoothstep(t, fall_from, fall_to))
    out = np.zeros((3,) + t.shape)
    for ephemeris, share, where in ((E405, 1 - weight, weight < 1), (E421, weight, weight > 0)):
        if where.any():
            out[:, where] += share[where] * per_ephemeris(ephemeris, t[where]).reshape(3, -1)
    return out


def _barycentric(E, name, t):
    if name == "earth":
        return E.position("earthmoon", t) - E.position("moon", t) * E.earth_share
    if name == "moon":
        return E.position("earthmoon", t) + E.position("moon", t) * E.moon_share
    return E.position(name, t)


def _earth_velocity(E, t):
    _, v_emb = E.position_and_velocity("earthmoon", t)
    _, v_moon = E.position_and_velocity("moon", t)
    return v_emb - v_moon * E.earth_share


def barycentric(name, t):
    return blended(lambda E, t: _barycentric(E, name, t), t)


def earth_velocity(t):
    return blended(_earth_velocity, t)


def apparent(name, t, source=barycentric):
    """Longitude, latitude (degrees; mean ecliptic and equinox of date) and distance (AU) at TT `t` (array).
    `source(name, t)`: the body's barycentric ICRF position in km, at the light's departure (the light-time is
    iterated on it); the planets' is DE421 over 1900-2050 (DE405 outside), make-asteroid-tables.py passes the asteroids' and Chiron's."""
    earth = barycentric("earth", t)
    light_time = np.zeros_like(t)
    for _ in range(4):
        relative = source(name, t - light_time) - earth
        distance = np.sqrt((relative ** 2).sum(axis=0))
        light_time = distance / C_KM_PER_DAY
    p = relative / distance
    v = earth_velocity(t) / C_KM_PER_DAY
    inverse_gamma = np.sqrt(1 - (v ** 2).sum(axis=0))
    f = (p * v).sum(axis=0)
    p = (inverse_gamma * p + (1 + f / (1 + inverse_gamma)) * v) / (1 + f)
    p = np.einsum("ijn,jn->in", compute_precession(t), np.einsum("ij,jn->in", ICRS_to_J2000, p))
    eps = np.radians(mean_obliquity(t) / 3600.0)
    y = p[1] * np.cos(eps) + p[2] * np.sin(eps)
    z = -p[1] * np.sin(eps) + p[2] * np.cos(eps)
    lon = np.degrees(np.arctan2(y, p[0]))
    lat = np.degrees(np.arctan2(z, np.hypot(p[0], y)))
    return lon, lat, distance / AU_KM


def nodes(n):
    return np.cos(np.pi * (np.arange(n) + 0.5) / n)


def fit(name, plan=PLAN, source=barycentric, limit=0.005):
    days, n_angle, n_distance = plan[name]
    count = int(np.ceil((END - START) / days))
    starts = START + days * np.arange(count)
    coefficients = []
    worst = worst_distance = 0.0
    for chunk in np.array_split(np.arange(count), max(1, count // 500)):
        for n, columns in ((n_angle, (0, 1)), (n_distance, (2,))):
            x = nodes(n)
            t = (starts[chunk][:, None] + (x[None, :] + 1) * days / 2).ravel()
            values = apparent(name, t, source)
            for column in columns:
                v = values[column].reshape(len(chunk), n)
                if column == 0:
                    v = np.degrees(np.unwrap(np.radians(v), axis=1))
                c = cheb.chebfit(x, v.T, n - 1).T  # one row of coefficients per interval
                if column == 0:
                    c[:, 0] = np.mod(c[:, 0], 360.0)
                unit = DISTANCE_UNIT if column == 2 else ANGLE_UNIT
                for i, row in zip(chunk, np.rint(c / unit).astype(np.int64)):
                    coefficients.append((i, column, row))
    coefficients.sort(key=lambda r: (r[0], r[1]))
    # Check: the quantised series against the pipeline at points between the nodes.
    probe_intervals = np.linspace(0, count - 1, min(count, 3000)).astype(int)
    rows = {(i, col): row for i, col, row in coefficients}
    x = np.linspace(-1, 1, 23)
    t = (starts[probe_intervals][:, None] + (x[None, :] + 1) * days / 2).ravel()
    lon, lat, dist = apparent(name, t, source)
    lon, lat, dist = (a.reshape(len(probe_intervals), len(x)) for a in (lon, lat, dist))
    for k, i in enumerate(probe_intervals):
        fitted_lon = cheb.chebval(x, rows[(i, 0)] * ANGLE_UNIT)
        fitted_lat = cheb.chebval(x, rows[(i, 1)] * ANGLE_UNIT)
        fitted_dist = cheb.chebval(x, rows[(i, 2)] * DISTANCE_UNIT)
        d_lon = np.abs((fitted_lon - lon[k] + 180) % 360 - 180).max() * 3600
        d_lat = np.abs(fitted_lat - lat[k]).max() * 3600
        d_dist = np.abs(fitted_dist / dist[k] - 1).max()
        worst = max(worst, d_lon, d_lat)
        worst_distance = max(worst_distance, d_dist)
    print(f"{name:8s} {count:6d} intervals of {days:3d} days, {n_angle}/{n_distance} coefficients; "
          f"worst {worst:.4f}\", distance {worst_distance:.1e}", file=sys.stderr)
    if worst > limit or worst_distance > 1e-6:
        sys.exit(f"{name}: the series miss the pipeline by {worst:.4f}\" and {worst_distance:.1e} in distance, "
                 f"more than {limit}\" and 1e-6; give it more coefficients")
    return days, n_angle, n_distance, count, [row for _, _, row in coefficients]


def varint(value, out):
    """Zigzag LEB128: small coefficients, which most are, take one or two bytes."""
    z = (value << 1) ^ (value >> 63)
    while True:
        byte = z & 0x7F
        z >>= 7
        if z:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return


def body_table(order=ORDER, plan=PLAN, source=barycentric, limits={}):
    """CWE2: the header, an index of where each interval's coefficients start, then the coefficients. The index
    lets the Swift side decode one interval of one body when it is first needed, not the whole table."""
    fitted = [fit(name, plan, source, limits.get(name, 0.005)) for name in order]
    header = bytearray(b"CWE2")
    varint(len(order), header)
    varint(int(START * 2), header)  # half days: the start is always at midnight or noon
    for days, n_angle, n_distance, count, _ in fitted:
        for value in (days, n_angle, n_distance, count):
            varint(value, header)
    coefficients = bytearray()
    starts = []  # where each interval's coefficients start, from the start of the coefficients
    for _, _, _, count, rows in fitted:
        assert len(rows) == 3 * count  # longitude, latitude, distance per interval
        for interval in range(count):
            starts.append(len(coefficients))
            for row in rows[3 * interval:3 * interval + 3]:
                for value in row:
                    varint(int(value), coefficients)
    starts.append(len(coefficients))  # the end of the last interval
    # Every body's intervals, then one end: fixed-width offsets from the table's first byte, 32-bit little-endian.
    first = len(header) + 4 * len(starts)
    index = b"".join(struct.pack("<I", first + start) for start in starts)
    return bytes(header) + index + bytes(coefficients)


def swift_string_file(path, name, doc, data, script="make-ephemeris-tables.py"):
    """A `StaticString`: its bytes stay where the program was loaded, and only the pages read are brought in."""
    text = base64.b64encode(data).decode("ascii")
    lines = [text[i:i + 120] for i in range(0, len(text), 120)]
    body = f"// Generated by scripts/{script}; do not edit.\n"
    body += "".join(f"/// {line}\n" for line in doc) + f'let {name}: StaticString = """\n' + "\n".join(lines) + '\n"""\n'
    write(path, body)


def nutation_file(path):
    """The IAU 2000B luni-solar series: the first 77 terms of IAU 2000A, with linear fundamental arguments."""
    data = np.load(os.path.join(os.path.dirname(skyfield.__file__), "data", "nutation.npz"))
    multipliers = data["nals_t"][:77]
    longitude = data["lunisolar_longitude_coefficients"][:77]
    obliquity = data["lunisolar_obliquity_coefficients"][:77]
    lines = ["// Generated by scripts/make-ephemeris-tables.py from the IAU 2000A coefficients as skyfield 1.55 ships them",
             "// (IERS Conventions 2003, table 5.3a); do not edit.",
             "",
             "extension Nutation {",
             "    /// Fundamental arguments l, l', F, D, Ω at J2000 and their rates, in arc-seconds and arc-seconds per Julian century.",
             f"    static let argumentsAtEpoch: [Double] = [{', '.join(repr(float(v)) for v in np.ravel(nutationlib.fa0))}]",
             f"    static let argumentRates: [Double] = [{', '.join(repr(float(v)) for v in np.ravel(nutationlib.fa1))}]",
             "    /// Per term: the multipliers of l, l', F, D, Ω; then, in 0.1 µas, the longitude's sin, t·sin and cos",
             "    /// coefficients and the obliquity's cos, t·cos and sin coefficients.",
             "    static let terms: [Term] = ["]
    for m, lo, ob in zip(multipliers, longitude, obliquity):
        ints = ", ".join(str(int(v)) for v in m)
        nums = ", ".join(repr(float(v)) for v in list(lo) + list(ob))
        lines.append(f"        Term({ints}, {nums}),")
    lines += ["    ]", "}", ""]
    write(path, "\n".join(lines))


def write(path, text):
    with open(path, "w") as f:
        f.write(text)
    print(f"{os.path.relpath(path, ROOT)}  sha256 {hashlib.sha256(text.encode()).hexdigest()}", file=sys.stderr)


def main():
    for module, version in (("jplephem", jplephem), ("skyfield", skyfield), ("numpy", np)):
        if version.__version__ != VERSIONS[module]:
            print(f"warning: {module} {version.__version__}, the tables were made with {VERSIONS[module]}", file=sys.stderr)
    os.makedirs(OUT, exist_ok=True)
    nutation_file(os.path.join(OUT, "Nutation+Terms.swift"))
    data = body_table()
    swift_string_file(os.path.join(OUT, "BodyTables.swift"), "bodyTablesBase64",
                      ["The bodies' Chebyshev series (see BodyTables+Reading.swift for the layout), base64 in lines of 120: a string",
                       "literal compiles in a second where an array literal of this size would take minutes."], data)
    print(f"body tables: {len(data)} bytes", file=sys.stderr)


if __name__ == "__main__":
    main()
