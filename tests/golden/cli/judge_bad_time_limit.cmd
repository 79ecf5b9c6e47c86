judge nim --time-limit 0 -- true
