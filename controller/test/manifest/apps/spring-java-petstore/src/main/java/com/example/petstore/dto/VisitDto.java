package com.example.petstore.dto;

import com.fasterxml.jackson.annotation.JsonProperty;
import jakarta.validation.constraints.FutureOrPresent;
import jakarta.validation.constraints.Size;
import java.time.LocalDateTime;
import java.util.Map;

public class VisitDto {
    @JsonProperty(required = true)
    @FutureOrPresent
    private LocalDateTime at;

    @Size(max = 500)
    private String description;

    private Map<String, String> labels;
}
