certify-merge /dev/zero
