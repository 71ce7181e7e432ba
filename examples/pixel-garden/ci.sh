#!/bin/sh
# The example game's CI, run from the root of a proofpack checkout
# (sh examples/pixel-garden/ci.sh): it packs this checkout, installs the
# tarball into the example as a game team installs proofpack, and runs the
# game's checks there: its kinds type-checked and checked against the kind
# contract, its committed levels/ and dist/ validated as they are, then rebuilt
# by pipeline and compared byte for byte with what is committed.
#
# No lock file pins the tarball's hash (.npmrc: package-lock=false): each run
# installs the tarball this checkout just packed, at the path package.json names.
set -eu
root=$(pwd)
tarball="$root/$(npm pack --silent)"
trap 'rm -f "$tarball"' EXIT
cd examples/pixel-garden
rm -rf node_modules
npm install --no-audit --no-fund
npx tsc --noEmit -p proofpack
npx proofpack check-kind
npx proofpack validate levels dist
npx proofpack pipeline --quiet
# changed, deleted and new files under levels/ and dist/ fail the job
git status --porcelain levels dist
test -z "$(git status --porcelain levels dist)"
