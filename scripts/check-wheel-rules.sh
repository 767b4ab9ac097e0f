#!/usr/bin/env bash
# The wheel-rule half of ../shared/checks/run.sh on any build of `wheel` (a debug one while iterating):
# stress charts at 600 px and the reference births in five house systems at 600 and 250 px.
# Usage: scripts/check-wheel-rules.sh WHEEL OUT_DIR
wheel=$1; out=$2; here="$(cd "$(dirname "$0")/../../shared/checks" && pwd)"; data="$here/../data/charts"
rm -rf $out; mkdir -p $out/stress $out/stresslay $out/sys
python3 $here/make_stress.py $out/stress/stress >/dev/null
ls $out/stress/stress/*.json | xargs -P 2 -I{} sh -c "$wheel layout {} > $out/stresslay/stress__\$(basename {})"
python3 $here/check_wheel_rules.py $out/stresslay "600px:"
for f in $data/reference/*.json; do
  args=$(python3 -c "import json,sys; i=json.load(open(sys.argv[1]))['input']; print(i['date'], i['time'], i['tz_name'], i['latitude'], i['longitude'])" "$f")
  set -- $args
  for hs in placidus koch whole-sign equal porphyry; do for size in 600 250; do
    $wheel layout --date "$1" --time "$2" --zone "$3" --lat "$4" --lon "$5" --house-system $hs --size $size > $out/sys/$hs-$size-$(basename $f)
  done; done
done
python3 $here/check_wheel_rules.py $out/sys "house systems:"
