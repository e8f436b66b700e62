package com.example.orders.web

import com.example.orders.dto.CustomerDto
import org.springframework.security.access.annotation.Secured
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.PathVariable
import org.springframework.web.bind.annotation.PutMapping
import org.springframework.web.bind.annotation.RequestBody
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.bind.annotation.RequestMethod
import org.springframework.web.bind.annotation.RequestParam
import org.springframework.web.bind.annotation.RestController

/** Read routes shared by every versioned customer controller. */
abstract class CustomerReads {
    @GetMapping("/{id}")
    fun byId(@PathVariable id: Long): CustomerDto = CustomerDto()
}

@RestController
@RequestMapping(value = ["$V2${Paths.CUSTOMERS}"])
@Secured("ROLE_USER")
class CustomerController : CustomerReads() {

    @RequestMapping(method = [RequestMethod.GET])
    fun all(@RequestParam(required = false) q: String?): List<CustomerDto> = emptyList()

    @PutMapping("/{id}")
    fun replace(@PathVariable id: Long, @RequestBody customer: CustomerDto): CustomerDto = customer
}
