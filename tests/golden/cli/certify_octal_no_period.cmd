certify octal --code 0.007
