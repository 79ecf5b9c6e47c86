help certify
