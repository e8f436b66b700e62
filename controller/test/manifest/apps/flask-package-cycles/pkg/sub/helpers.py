NAME = "things"
ROUTE = "/by-star"
