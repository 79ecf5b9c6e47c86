explain --check /dev/zero
