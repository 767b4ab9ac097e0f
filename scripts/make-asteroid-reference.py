#!/usr/bin/env python3
"""Makes Tests/EphemerisTests/asteroid-reference.json: Chiron, Ceres, Pallas, Juno and Vesta at 100 random instants
1800-2100, placed by skyfield's own apparent-place machinery, independently of the tables' pipeline: DE421's Earth
(not DE405's; DE421 starts on 1899-07-29, and before it DE405's Earth and Sun serve), `observe` (light-time), `.apparent()` (aberration and the deflection by the Sun, Jupiter and
Saturn), `frame_latlon(ecliptic_frame)` (the true ecliptic and equinox of date, IAU 2000A nutation).

The bodies are the sources the tables were fitted to: Ceres to Vesta from JPL's sb441-n16.bsp (heliocentric
vectors, added to DE421's Sun), Chiron from pyephemera 0.4.1's heliocentric series (as make-asteroid-tables.py turns
it into ICRF vectors). Speeds: the apparent longitude's central difference over ±0.01 day.

    python3 scripts/make-asteroid-reference.py   (skyfield 1.55, de421 2008.1, jplephem 2.24, pyephemera 0.4.1)
"""
import importlib.util, json, os
import numpy as np
import de421
from jplephem import Ephemeris
from skyfield.api import load
from skyfield.framelib import ecliptic_frame
from skyfield.vectorlib import VectorFunction

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("asteroid_tables", os.path.join(HERE, "make-asteroid-tables.py"))
tables = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(tables)
OUT = os.path.join(os.path.dirname(HERE), "Tests", "EphemerisTests", "asteroid-reference.json")
AU_KM = tables.planets.AU_KM
J1800, J2101 = tables.planets.J1800, tables.planets.J2101


class FromTheSun(VectorFunction):
    """A body's heliocentric ICRF vector as skyfield's vector function (centre 10), so that `sun + body` can be
    observed like any planet."""
    center = 10

    def __init__(self, name, target):
        self.name, self.target = name, target
        self.target_name = name
        self.center_name = "SUN"

    def _at(self, t):
        tdb = np.atleast_1d(t.tdb)
        step = 0.01
        position = tables.heliocentric(self.name, tdb)
        velocity = (tables.heliocentric(self.name, tdb + step) - tables.heliocentric(self.name, tdb - step)) / (2 * step)
        shape = np.shape(t.tdb)
        return (position / AU_KM).reshape((3,) + shape), (velocity / AU_KM).reshape((3,) + shape), None, None


class FromTheBarycentre(VectorFunction):
    """A DE421 body (the PyPI package `de421`, jplephem's own format, which skyfield cannot load) as skyfield's
    vector function from the barycentre; its `ephemeris` gives skyfield the Sun, Jupiter and Saturn it deflects
    the light by."""
    center = 0
    center_name = "SSB"

    def __init__(self, name, target, ephemeris):
        self.name, self.target, self.target_name, self.ephemeris = name, target, name, ephemeris

    def _at(self, t):
        tdb = np.atleast_1d(t.tdb)
        position, velocity = np.zeros((3, len(tdb))), np.zeros((3, len(tdb)))
        # DE421 starts in 1899: before it, DE405 (the tables' own) gives the Earth and the Sun.
        for ephemeris, where in ((DE421, tdb >= DE421.jalpha + 1), (DE405, tdb < DE421.jalpha + 1)):
            if where.any():
                position[:, where], velocity[:, where] = self.state(ephemeris, tdb[where])
        shape = np.shape(t.tdb)
        return (position / AU_KM).reshape((3,) + shape), (velocity / AU_KM).reshape((3,) + shape), None, None


    def state(self, ephemeris, tdb):
        if self.name != "earth":
            return ephemeris.position_and_velocity(self.name, tdb)
        p_emb, v_emb = ephemeris.position_and_velocity("earthmoon", tdb)
        p_moon, v_moon = ephemeris.position_and_velocity("moon", tdb)
        return p_emb - p_moon * ephemeris.earth_share, v_emb - v_moon * ephemeris.earth_share


class Deflectors(dict):
    """The codes skyfield's `apparent` looks up: the Sun (10), Jupiter (5) and Saturn (6)."""


DE421 = Ephemeris(de421)
DE405 = tables.planets.E405


def ecliptic(earth, body, t):
    lat, lon, _ = earth.at(t).observe(body).apparent().frame_latlon(ecliptic_frame)
    return lon.degrees, lat.degrees


def main():
    ts = load.timescale(builtin=True)
    deflectors = Deflectors()
    for code, name in ((10, "sun"), (5, "jupiter"), (6, "saturn")):
        deflectors[code] = FromTheBarycentre(name, code, deflectors)
    earth, sun = FromTheBarycentre("earth", 399, deflectors), deflectors[10]
    rng = np.random.default_rng(30)
    instants = np.sort(rng.uniform(J1800, J2101, 100))
    t = ts.tt_jd(instants)
    step = 0.01
    result = {"source": "scripts/make-asteroid-reference.py: skyfield 1.55 with DE421's Earth and Sun (DE405's before 1899-07-30); Ceres to Vesta "
                        "from sb441-n16.bsp, Chiron from pyephemera 0.4.1; apparent, true ecliptic and equinox of date",
              "julian_day_tt": [float(x) for x in instants], "bodies": {}}
    for name, naif in [("chiron", 2002060), ("ceres", 2000001), ("pallas", 2000002), ("juno", 2000003), ("vesta", 2000004)]:
        body = sun + FromTheSun(name, naif)
        lon, lat = ecliptic(earth, body, t)
        later, _ = ecliptic(earth, body, ts.tt_jd(instants + step))
        earlier, _ = ecliptic(earth, body, ts.tt_jd(instants - step))
        speed = ((later - earlier + 180) % 360 - 180) / (2 * step)
        result["bodies"][name] = {"longitude": [round(float(x), 10) for x in lon],
                                  "latitude": [round(float(x), 10) for x in lat],
                                  "speed": [round(float(x), 8) for x in speed]}
    with open(OUT, "w") as f:
        json.dump(result, f, indent=1)
        f.write("\n")
    print(f"{os.path.relpath(OUT)}: {len(instants)} instants")


if __name__ == "__main__":
    main()
