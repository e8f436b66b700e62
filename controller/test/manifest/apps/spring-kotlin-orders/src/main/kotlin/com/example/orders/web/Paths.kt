package com.example.orders.web

object Paths {
    const val ORDERS = "/orders"
    const val CUSTOMERS = "/customers"
}
