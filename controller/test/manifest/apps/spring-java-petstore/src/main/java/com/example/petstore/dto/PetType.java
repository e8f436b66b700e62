package com.example.petstore.dto;

public enum PetType {
    CAT,
    DOG,
    BIRD
}
