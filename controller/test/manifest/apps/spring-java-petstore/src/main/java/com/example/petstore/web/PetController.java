package com.example.petstore.web;

import com.example.petstore.api.ApiPaths;
import com.example.petstore.dto.PetRequest;
import com.example.petstore.dto.PetResponse;
import com.example.petstore.dto.PetType;
import jakarta.validation.Valid;
import java.util.List;
import org.springframework.http.ResponseEntity;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.web.bind.annotation.*;

@RestController
@RequestMapping(ApiPaths.PETS)
public class PetController extends CrudController<PetResponse> {

    @GetMapping("/search")
    public List<PetResponse> search(
            @RequestParam String name,
            @RequestParam(required = false) PetType type,
            @RequestParam(defaultValue = "0") int page,
            @RequestHeader("X-Tenant") String tenant) {
        return List.of();
    }

    @PostMapping
    @PreAuthorize("hasRole('STAFF')")
    public ResponseEntity<PetResponse> create(@Valid @RequestBody PetRequest request) {
        return ResponseEntity.status(201).build();
    }

    @PutMapping(value = "/{petId}", consumes = "application/json")
    public PetResponse update(@PathVariable Long petId, @RequestBody @Valid PetRequest request) {
        return null;
    }

    @RequestMapping(value = "/{petId}/photos", method = RequestMethod.POST)
    public ResponseEntity<Void> uploadPhoto(@PathVariable("petId") Long id, @RequestParam("file") String file) {
        return ResponseEntity.accepted().build();
    }
}
