package com.example.orders.web

import com.example.orders.dto.CreateOrderRequest
import com.example.orders.dto.OrderDto
import com.example.orders.dto.OrderStatus
import com.example.orders.dto.StatusChange
import jakarta.validation.Valid
import org.springframework.http.HttpStatus
import org.springframework.http.ResponseEntity
import org.springframework.web.bind.annotation.DeleteMapping
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.PatchMapping
import org.springframework.web.bind.annotation.PathVariable
import org.springframework.web.bind.annotation.PostMapping
import org.springframework.web.bind.annotation.RequestBody
import org.springframework.web.bind.annotation.RequestHeader
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.bind.annotation.RequestParam
import org.springframework.web.bind.annotation.ResponseStatus
import org.springframework.web.bind.annotation.RestController

@RestController
@RequestMapping("\${api.base}" + Paths.ORDERS)
class OrderController {

    @GetMapping
    fun list(
        @RequestParam(defaultValue = "20") limit: Int,
        @RequestParam status: OrderStatus?,
        @RequestHeader("X-Request-Id", required = false) requestId: String?,
    ): List<OrderDto> = emptyList()

    @GetMapping("/{orderId}")
    fun get(@PathVariable orderId: Long): ResponseEntity<OrderDto> = ResponseEntity.notFound().build()

    @PostMapping
    @ResponseStatus(HttpStatus.CREATED)
    fun create(@Valid @RequestBody request: CreateOrderRequest): OrderDto = TODO()

    @PatchMapping(path = ["/{orderId}/status"])
    fun changeStatus(@PathVariable("orderId") id: Long, @RequestBody change: StatusChange): OrderDto = TODO()

    @DeleteMapping("/{orderId}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    fun cancel(@PathVariable orderId: Long) {
    }
}
