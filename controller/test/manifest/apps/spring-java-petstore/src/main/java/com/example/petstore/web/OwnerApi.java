package com.example.petstore.web;

import com.example.petstore.dto.OwnerDto;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;

/** The contract; the controller inherits its mappings. */
@RequestMapping("/v1/owners")
public interface OwnerApi {

    @GetMapping("/{ownerId}")
    OwnerDto getOwner(@PathVariable Long ownerId);

    @PostMapping
    OwnerDto createOwner(@RequestBody OwnerDto owner);
}
