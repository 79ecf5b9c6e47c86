value chess --position x
