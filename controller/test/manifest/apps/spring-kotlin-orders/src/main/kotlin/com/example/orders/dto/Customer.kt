package com.example.orders.dto

import jakarta.validation.constraints.Email
import jakarta.validation.constraints.NotNull

class CustomerDto {
    var id: Long? = null

    @field:NotNull
    @field:Email
    lateinit var email: String

    var name: String = ""
}
