explain nim --check x.json
