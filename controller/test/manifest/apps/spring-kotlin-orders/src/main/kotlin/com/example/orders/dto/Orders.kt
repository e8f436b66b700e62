package com.example.orders.dto

import com.fasterxml.jackson.annotation.JsonProperty
import jakarta.validation.Valid
import jakarta.validation.constraints.DecimalMin
import jakarta.validation.constraints.Max
import jakarta.validation.constraints.Min
import jakarta.validation.constraints.NotBlank
import jakarta.validation.constraints.Size
import java.math.BigDecimal
import java.time.Instant

enum class OrderStatus { NEW, PAID, SHIPPED, CANCELLED }

data class OrderLine(
    @field:NotBlank val sku: String,
    @field:Min(1) @field:Max(99) val quantity: Int,
    @field:DecimalMin("0.01") val unitPrice: BigDecimal,
)

data class CreateOrderRequest(
    @field:NotBlank val customerId: String,
    @field:Size(min = 1, max = 50) @field:Valid val lines: List<OrderLine>,
    val note: String? = null,
    val express: Boolean = false,
)

data class OrderDto(
    val id: Long,
    val status: OrderStatus,
    val lines: List<OrderLine>,
    @JsonProperty("created_at") val createdAt: Instant,
    val total: BigDecimal?,
)

data class StatusChange(val status: OrderStatus, val reason: String?)
