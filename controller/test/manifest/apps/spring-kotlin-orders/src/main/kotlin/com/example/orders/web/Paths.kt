package com.example.orders.web

const val V2 = "/api/v2"

object Paths {
    const val ORDERS = "/orders"
    const val CUSTOMERS = "/customers"
}
