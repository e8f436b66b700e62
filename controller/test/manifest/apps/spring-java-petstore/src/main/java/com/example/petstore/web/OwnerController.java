package com.example.petstore.web;

import com.example.petstore.dto.OwnerDto;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class OwnerController implements OwnerApi {

    @Override
    public OwnerDto getOwner(Long ownerId) {
        return null;
    }

    @Override
    public OwnerDto createOwner(OwnerDto owner) {
        return owner;
    }
}
