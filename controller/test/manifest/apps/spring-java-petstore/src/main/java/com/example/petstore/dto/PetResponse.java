package com.example.petstore.dto;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.LocalDate;

public class PetResponse {
    private long id;
    private String name;
    private PetType type;

    @JsonProperty("birth_date")
    private LocalDate birthDate;

    @JsonIgnore
    private String internalNotes;

    public long getId() {
        return id;
    }

    public String getName() {
        return name;
    }
}
