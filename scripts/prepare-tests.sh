#!/usr/bin/env bash
# Ready this machine for the whole test suite (the README's test command runs it):
# - start PostgreSQL when it is installed but stopped (the storage tests run on it too);
# - install Debian's chromium when missing (the browser tests drive it; never a download
#   of a browser by a test tool), and nginx (the deployment test runs deploy/'s config).
set -u

if command -v pg_ctlcluster >/dev/null 2>&1 && ! pg_isready -q -h 127.0.0.1 2>/dev/null; then
  for version in $(ls /etc/postgresql 2>/dev/null); do
    pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
  done
fi

if ! command -v chromium >/dev/null 2>&1; then
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo -n"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get install -y -q chromium >/dev/null 2>&1 ||
    { $sudo apt-get update -q >/dev/null 2>&1 && $sudo apt-get install -y -q chromium >/dev/null; } ||
    echo "prepare-tests: could not install chromium; the browser tests will say so" >&2
fi

if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo -n"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get install -y -q nginx >/dev/null 2>&1 ||
    echo "prepare-tests: could not install nginx; the deployment test will say so" >&2
fi
exit 0
