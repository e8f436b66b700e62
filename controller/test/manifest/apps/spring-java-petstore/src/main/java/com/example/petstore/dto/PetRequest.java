package com.example.petstore.dto;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Past;
import jakarta.validation.constraints.Size;
import java.time.LocalDate;
import java.util.List;

public record PetRequest(
        @NotBlank @Size(min = 1, max = 50) String name,
        @NotNull PetType type,
        @Past LocalDate birthDate,
        @Min(0) @Max(100) Integer weightKg,
        List<String> tags) {}
