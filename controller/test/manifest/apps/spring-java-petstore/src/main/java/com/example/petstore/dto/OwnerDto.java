package com.example.petstore.dto;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.Pattern;
import java.util.List;

public record OwnerDto(
        Long id,
        @NotEmpty String lastName,
        @Email String email,
        @Pattern(regexp = "\\d{10}") String telephone,
        @Valid List<PetResponse> pets) {}
